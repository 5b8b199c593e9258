import { STATUS_CATALOGUE, type StatusEntry } from '@shiftline/shared';

/**
 * The Statuses filter entries (spec §6): an entry shows on one's own calendar, when it is always
 * visible, or to a schedule supervisor; the free-shift status is never listed.
 */
export function visibleStatusEntries(viewer: { forself: boolean; isScheduleSupervisor: boolean }): StatusEntry[] {
  return STATUS_CATALOGUE.filter(
    (entry) => entry.key !== 'FREE_SHIFT' && (viewer.forself || entry.always_visible || viewer.isScheduleSupervisor),
  );
}
