import {
  type DayRange,
  dayRangeToUnix,
  type ProductivityLoadBody,
  type ProductivityMode,
  type Role,
  type TimeZoneId,
} from '@shiftline/shared';

/** The dropdown's mode (spec §6): campaigns for an agent, agents for everyone else. */
export const productivityModeFor = (role: Role): ProductivityMode => (role === 'agent' ? 'campaigns' : 'agents');

/**
 * The load request for the page's choices: the picked days in the chosen zone as Unix seconds (first and last
 * second), the hours, and the chosen ids in a stable order so the same choice is the same query.
 */
export function productivityRequest(input: {
  period: DayRange;
  zone: TimeZoneId;
  startHour: number;
  endHour: number;
  role: Role;
  ids: readonly number[];
}): ProductivityLoadBody {
  const { start, end } = dayRangeToUnix(input.period, input.zone);
  return {
    start,
    end,
    timezone: input.zone,
    startHour: input.startHour,
    endHour: input.endHour,
    mode: productivityModeFor(input.role),
    ids: [...input.ids].sort((a, b) => a - b),
  };
}
