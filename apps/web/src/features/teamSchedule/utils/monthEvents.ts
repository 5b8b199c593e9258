import type { EventInput } from '@fullcalendar/react';
import type { MonthAgent, TeamMonth } from '@shiftline/shared';

/** Class of the atom events: drawn without the event colour, the atom carries its own. */
export const ATOM_CLASS = 'sl-team-atom';

/** What an event in a month cell stands for: an agent atom, or the '+N others' of the agents not drawn. */
export type AtomEvent =
  | { kind: 'atom'; agent: MonthAgent; day: string }
  | { kind: 'others'; count: number; day: string };

/**
 * The month grid's events from the month summary: per day its first agents (the server ranks them, starred
 * roles first, then by name) and one '+N others' for the rest of the day's headcount, opened in the day panel.
 */
export function monthAtomEvents(month: TeamMonth): EventInput[] {
  const events: EventInput[] = [];
  for (const [day, summary] of Object.entries(month.days)) {
    summary.atoms.forEach((userId, index) => {
      const agent = month.agents[userId];
      if (!agent) return;
      const atom: AtomEvent = { kind: 'atom', agent, day };
      events.push({
        id: `atom-${userId}-${day}`,
        start: day,
        allDay: true,
        title: agent.name,
        class: ATOM_CLASS,
        color: 'transparent',
        contrastColor: 'inherit',
        extendedProps: { atom, order: index },
      });
    });
    const others = summary.headcount - summary.atoms.length;
    if (others > 0) {
      const atom: AtomEvent = { kind: 'others', count: others, day };
      events.push({
        id: `others-${day}`,
        start: day,
        allDay: true,
        title: `+${others} others`,
        class: ATOM_CLASS,
        color: 'transparent',
        contrastColor: 'inherit',
        extendedProps: { atom, order: summary.atoms.length },
      });
    }
  }
  return events;
}
