import { ApiError } from './apiError';

type Issue = { path: readonly PropertyKey[]; message: string };

function hasIssues(value: unknown): value is { issues: Issue[] } {
  return typeof value === 'object' && value !== null && Array.isArray((value as { issues?: unknown }).issues);
}

/**
 * Per-field messages ('is incorrect', 'must be at least 8 characters') from a failed call's
 * `error.fields` or from a shared schema's check in the browser: the same rules and words as the server.
 */
export function fieldErrors(source: unknown): Record<string, string> {
  if (source instanceof ApiError) return { ...source.fields };
  if (!hasIssues(source)) return {};
  const fields: Record<string, string> = {};
  for (const issue of source.issues) {
    const field = String(issue.path[0] ?? 'form');
    fields[field] ??= issue.message;
  }
  return fields;
}
