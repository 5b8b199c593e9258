import { describe, expect, it } from 'vitest';
import {
  COLD_CALL_REFRESH_DEFERRAL_MS,
  COLD_CALL_REFRESH_MS,
  planColdCallRefresh,
} from '../../src/features/coldCalls/utils/refreshThrottle';

describe('the cold-calls refresh throttle (spec §4, §9: at most every 10 s, otherwise deferred 10 s + 5 s)', () => {
  const t0 = 1_000_000;

  it('is 10 s and 5 s', () => {
    expect(COLD_CALL_REFRESH_MS).toBe(10_000);
    expect(COLD_CALL_REFRESH_DEFERRAL_MS).toBe(5_000);
  });

  it('reloads at once when the table has not loaded yet or loaded 10 s ago or more', () => {
    expect(planColdCallRefresh(t0, null, null)).toEqual({ kind: 'now' });
    expect(planColdCallRefresh(t0 + 10_000, t0, null)).toEqual({ kind: 'now' });
    expect(planColdCallRefresh(t0 + 60_000, t0, null)).toEqual({ kind: 'now' });
  });

  it('defers a reload by 15 s when the last one is under 10 s old', () => {
    expect(planColdCallRefresh(t0 + 1, t0, null)).toEqual({ kind: 'later', at: t0 + 1 + 15_000 });
    expect(planColdCallRefresh(t0 + 9_999, t0, null)).toEqual({ kind: 'later', at: t0 + 9_999 + 15_000 });
  });

  it('plans nothing more while a deferred reload waits, however many events come', () => {
    for (const at of [t0 + 1, t0 + 5_000, t0 + 30_000]) {
      expect(planColdCallRefresh(at, t0, t0 + 15_001)).toEqual({ kind: 'already_planned' });
    }
  });

  it('a burst of events gives one reload now and one deferred, never more', () => {
    let lastRefreshAt: number | null = null;
    let planned: number | null = null;
    let reloads = 0;
    for (let at = t0; at < t0 + 9_000; at += 300) {
      if (planned !== null && at >= planned) {
        reloads += 1;
        lastRefreshAt = planned;
        planned = null;
      }
      const plan = planColdCallRefresh(at, lastRefreshAt, planned);
      if (plan.kind === 'now') {
        reloads += 1;
        lastRefreshAt = at;
      }
      if (plan.kind === 'later') planned = plan.at;
    }
    expect(reloads).toBe(1);
    expect(planned).toBe(t0 + 300 + 15_000);
  });
});
