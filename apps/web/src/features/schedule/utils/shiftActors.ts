import { type CurrentUser, can, type Shift, type ShiftActor } from '@shiftline/shared';

/** Who the viewer is to a shift, for the shared transition table. */
export function shiftActors(shift: Pick<Shift, 'user_id'>, viewer: Pick<CurrentUser, 'id' | 'role'>): ShiftActor[] {
  const actors: ShiftActor[] = [];
  if (shift.user_id === viewer.id) actors.push('owner');
  if (can(viewer.role, 'schedule.manage')) actors.push('schedule_supervisor');
  return actors;
}
