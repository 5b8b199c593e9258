import { MAX_DAY_EVENTS_FOR_DIALOG } from '@shiftline/shared';

export type PlanningFacts = {
  /** The clicked day and today, as local ISO dates in the viewer's zone. */
  day: string;
  today: string;
  /** The viewer owns the calendar. */
  isOwner: boolean;
  isScheduleSupervisor: boolean;
};

/** Whether the viewer may plan on the day at all: today or later, on their own calendar or as a schedule supervisor. */
export function mayPlanOn(facts: PlanningFacts): boolean {
  return facts.day >= facts.today && (facts.isOwner || facts.isScheduleSupervisor);
}

/** The spec's rule for opening the schedule dialog on a clicked day. */
export function canOpenScheduleDialog(facts: PlanningFacts & { datedEventsOnDay: number }): boolean {
  return mayPlanOn(facts) && facts.datedEventsOnDay < MAX_DAY_EVENTS_FOR_DIALOG;
}
