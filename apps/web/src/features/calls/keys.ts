/**
 * The calls feature's query keys. They belong in lib/queryKeys.ts with the app's other keys; kept here until that
 * file takes them (see the report of the issue 13 web work).
 */
export const callKeys = {
  all: ['calls'] as const,
  forUser: ['calls', 'for-user'] as const,
  call: (id: number) => ['calls', 'call', id] as const,
  dispositions: (id: number) => ['calls', 'call', id, 'dispositions'] as const,
  sales: (id: number) => ['calls', 'call', id, 'sales'] as const,
  operators: (id: number, role: string) => ['calls', 'call', id, 'operators', role] as const,
  products: ['calls', 'products'] as const,
};
