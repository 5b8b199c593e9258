import type { FreeShiftBody, PlannedBreak } from '@shiftline/shared';

const iso = (epochMs: number) => new Date(epochMs).toISOString();

/** A free-shift offer as set_free_shift takes it: instants in UTC ISO 8601. */
export function freeShiftRequest(
  shift: { start: number; end: number; breaks: PlannedBreak[] },
  campaigns: readonly number[],
  countAgents: number,
): FreeShiftBody {
  return {
    count_agents: countAgents,
    campaigns: [...campaigns],
    start: iso(shift.start),
    end: iso(shift.end),
    breaks: shift.breaks.map((plannedBreak) => ({ type: plannedBreak.type, start: iso(plannedBreak.start) })),
  };
}
