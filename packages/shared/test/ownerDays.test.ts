import { describe, expect, it } from 'vitest';
import { instantOf, sameDaysInZone } from '../src/index.js';

const days = (first: string, dayAfterLast: string, zone: string) => ({
  start: instantOf(first, '00:00', zone),
  end: instantOf(dayAfterLast, '00:00', zone),
});

describe('days picked in one zone, kept as the owner’s days', () => {
  it('moves whole days picked in Chicago to the same dates in Toronto and St. John’s', () => {
    const picked = days('2026-11-24', '2026-11-26', 'America/Chicago');
    expect(sameDaysInZone(picked, 'America/Chicago', 'America/Toronto')).toEqual(
      days('2026-11-24', '2026-11-26', 'America/Toronto'),
    );
    expect(sameDaysInZone(picked, 'America/Chicago', 'America/St_Johns')).toEqual(
      days('2026-11-24', '2026-11-26', 'America/St_Johns'),
    );
  });

  it('keeps a period across a clock change whole days (Toronto, 1 November 2026)', () => {
    const picked = days('2026-10-31', '2026-11-02', 'Pacific/Honolulu');
    expect(sameDaysInZone(picked, 'Pacific/Honolulu', 'America/Toronto')).toEqual(
      days('2026-10-31', '2026-11-02', 'America/Toronto'),
    );
  });

  it('leaves a period that is not whole days where it was picked, and the same zone alone', () => {
    const partial = {
      start: instantOf('2026-11-24', '09:00', 'America/Chicago'),
      end: instantOf('2026-11-25', '00:00', 'America/Chicago'),
    };
    expect(sameDaysInZone(partial, 'America/Chicago', 'America/Toronto')).toEqual(partial);
    const same = days('2026-11-24', '2026-11-26', 'America/Toronto');
    expect(sameDaysInZone(same, 'America/Toronto', 'America/Toronto')).toEqual(same);
  });
});
