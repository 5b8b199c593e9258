import { renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useFixedPeriod } from '../src/ui/useFixedPeriod';

describe('useFixedPeriod', () => {
  afterEach(() => vi.useRealTimers());

  it("spans one month back to one month forward from today in the user's zone, as days and Unix seconds", () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    // Still 14 March in Vancouver (PDT since 8 March).
    vi.setSystemTime(new Date('2026-03-15T05:00:00Z'));
    const { result } = renderHook(() => useFixedPeriod('America/Vancouver'));
    expect(result.current.range).toEqual({ start: '2026-02-14', end: '2026-04-14' });
    expect(result.current.unix).toEqual({
      start: Date.parse('2026-02-14T08:00:00Z') / 1000,
      end: Date.parse('2026-04-15T07:00:00Z') / 1000 - 1,
    });
  });
});
