import type { Shift } from '@shiftline/shared';
import { describe, expect, it } from 'vitest';
import { countDatedEvents } from '../src/features/schedule/utils/countDatedEvents';
import { canOpenScheduleDialog, mayPlanOn } from '../src/features/schedule/utils/scheduleDialogRule';
import { fakeShift, fakeVacation } from './scheduleFixtures';

const ZONE = 'America/Toronto';
const shift = (id: number, start: string, end: string, status: Shift['status'] = 'approved') =>
  fakeShift(id, start, end, { status });

const facts = { day: '2026-11-23', today: '2026-11-23', isOwner: true, isScheduleSupervisor: false };

describe('the schedule dialog opening rule', () => {
  it('opens on today and later days, not on past ones', () => {
    expect(canOpenScheduleDialog({ ...facts, datedEventsOnDay: 0 })).toBe(true);
    expect(canOpenScheduleDialog({ ...facts, day: '2026-12-01', datedEventsOnDay: 0 })).toBe(true);
    expect(canOpenScheduleDialog({ ...facts, day: '2026-11-22', datedEventsOnDay: 0 })).toBe(false);
  });

  it('opens for the owner or a schedule supervisor only', () => {
    expect(mayPlanOn({ ...facts, isOwner: false })).toBe(false);
    expect(mayPlanOn({ ...facts, isOwner: false, isScheduleSupervisor: true })).toBe(true);
    expect(canOpenScheduleDialog({ ...facts, isOwner: false, datedEventsOnDay: 0 })).toBe(false);
  });

  it('opens only while the day cell holds fewer than 3 dated events', () => {
    expect(canOpenScheduleDialog({ ...facts, datedEventsOnDay: 2 })).toBe(true);
    expect(canOpenScheduleDialog({ ...facts, datedEventsOnDay: 3 })).toBe(false);
  });
});

describe('countDatedEvents', () => {
  it("counts the shifts and shown vacations touching the viewer's local day", () => {
    const shifts = [
      // 9:00–17:00 EST on Nov 23.
      shift(1, '2026-11-23T14:00:00Z', '2026-11-23T22:00:00Z'),
      // 22:00 Nov 22 to 06:00 Nov 23 EST: crosses midnight into the day.
      shift(2, '2026-11-23T03:00:00Z', '2026-11-23T11:00:00Z', 'canceled'),
      // 23:00 EST Nov 23 is already Nov 24 in UTC, still the 23rd locally.
      shift(3, '2026-11-24T04:00:00Z', '2026-11-24T06:00:00Z', 'pending'),
      // Nov 24 local.
      shift(4, '2026-11-24T14:00:00Z', '2026-11-24T22:00:00Z'),
    ];
    const vacations = [
      fakeVacation(1, '2026-11-20T05:00:00Z', '2026-11-25T05:00:00Z', 'vac_approved'),
      fakeVacation(2, '2026-11-20T05:00:00Z', '2026-11-25T05:00:00Z', 'vac_rejected'),
    ];
    expect(countDatedEvents('2026-11-23', ZONE, shifts, vacations)).toBe(4);
    expect(countDatedEvents('2026-11-24', ZONE, shifts, vacations)).toBe(3);
    expect(countDatedEvents('2026-11-26', ZONE, shifts, vacations)).toBe(0);
  });

  it('ends a day at its real end on a fall-back day (25 hours)', () => {
    // 23:30 EST on Nov 1 2026 (clocks fell back at 2:00 EDT that morning).
    const late = shift(1, '2026-11-02T04:30:00Z', '2026-11-02T04:45:00Z');
    expect(countDatedEvents('2026-11-01', ZONE, [late], [])).toBe(1);
    expect(countDatedEvents('2026-11-02', ZONE, [late], [])).toBe(0);
  });
});
