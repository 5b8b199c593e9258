/**
 * The status feature's query keys. They belong in lib/queryKeys.ts with the app's other keys; kept here until that
 * file takes them (see the report of the issue 13 web work).
 */
export const statusKeys = {
  all: ['status'] as const,
  current: ['status', 'current'] as const,
  serverOffset: ['status', 'server-offset'] as const,
};
