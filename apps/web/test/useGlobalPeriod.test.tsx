import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { GLOBAL_PERIOD_KEY, useGlobalPeriod } from '../src/ui/useGlobalPeriod';

describe('useGlobalPeriod', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    // 02:30 UTC on 15 July is still 14 July in Toronto.
    vi.setSystemTime(new Date('2026-07-15T02:30:00Z'));
  });
  afterEach(() => vi.useRealTimers());

  it("defaults to today in the user's zone", () => {
    const { result } = renderHook(() => useGlobalPeriod('America/Toronto'));
    expect(result.current[0]).toEqual({ start: '2026-07-14', end: '2026-07-14' });
  });

  it('reads the period kept in sessionStorage', () => {
    sessionStorage.setItem(GLOBAL_PERIOD_KEY, JSON.stringify({ start: '2026-06-01', end: '2026-06-30' }));
    const { result } = renderHook(() => useGlobalPeriod('America/Toronto'));
    expect(result.current[0]).toEqual({ start: '2026-06-01', end: '2026-06-30' });
  });

  it('ignores an unreadable stored value', () => {
    sessionStorage.setItem(GLOBAL_PERIOD_KEY, '{"start":"yesterday"}');
    const { result } = renderHook(() => useGlobalPeriod('America/Toronto'));
    expect(result.current[0]).toEqual({ start: '2026-07-14', end: '2026-07-14' });
  });

  it('stores a new period and shares it with every screen using it', () => {
    const first = renderHook(() => useGlobalPeriod('America/Toronto'));
    const second = renderHook(() => useGlobalPeriod('America/Toronto'));
    act(() => first.result.current[1]({ start: '2026-07-01', end: '2026-07-10' }));
    expect(JSON.parse(sessionStorage.getItem(GLOBAL_PERIOD_KEY) ?? 'null')).toEqual({
      start: '2026-07-01',
      end: '2026-07-10',
    });
    expect(second.result.current[0]).toEqual({ start: '2026-07-01', end: '2026-07-10' });
  });
});
