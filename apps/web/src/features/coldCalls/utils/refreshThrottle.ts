/*
 * The cold-calls table's live refresh (operations spec §4, §9): a list-changed event reloads the table at once when
 * the last load was at least 10 s ago; otherwise one reload is deferred by 10 s plus 5 s, and further events while it
 * waits change nothing.
 */

export const COLD_CALL_REFRESH_MS = 10_000;
export const COLD_CALL_REFRESH_DEFERRAL_MS = 5_000;

export type RefreshPlan = { kind: 'now' } | { kind: 'later'; at: number } | { kind: 'already_planned' };

/** What to do about a refresh event at `now`, given the last reload and the deferred one waiting (if any). */
export function planColdCallRefresh(now: number, lastRefreshAt: number | null, plannedAt: number | null): RefreshPlan {
  if (plannedAt !== null) return { kind: 'already_planned' };
  if (lastRefreshAt === null || now - lastRefreshAt >= COLD_CALL_REFRESH_MS) return { kind: 'now' };
  return { kind: 'later', at: now + COLD_CALL_REFRESH_MS + COLD_CALL_REFRESH_DEFERRAL_MS };
}
