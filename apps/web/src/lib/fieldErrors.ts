import { ApiError } from './apiError';

type Issue = { path: readonly PropertyKey[]; message: string };

const sentence = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

function hasIssues(value: unknown): value is { issues: Issue[] } {
  return typeof value === 'object' && value !== null && Array.isArray((value as { issues?: unknown }).issues);
}

/**
 * Per-field messages to show next to form fields, from a failed call's `error.fields` or from the
 * issues of a shared schema's check in the browser (same rules, same words as the server).
 */
export function fieldErrors(source: unknown): Record<string, string> {
  if (source instanceof ApiError) {
    return Object.fromEntries(Object.entries(source.fields).map(([field, message]) => [field, sentence(message)]));
  }
  if (!hasIssues(source)) return {};
  const fields: Record<string, string> = {};
  for (const issue of source.issues) {
    const field = String(issue.path[0] ?? 'form');
    fields[field] ??= sentence(issue.message);
  }
  return fields;
}
