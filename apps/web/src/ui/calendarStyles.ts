// FullCalendar's stylesheets, imported only by the calendar modules (the personal and the team calendar) so they
// load with the calendars.
import '@fullcalendar/react/skeleton.css';
import '@fullcalendar/react/themes/classic/theme.css';
import '@fullcalendar/react/themes/classic/palette.css';
import { PENDING_CLASS } from './calendarClasses';

/** Styles both calendars share, for the MUI `sx` of their wrapper. */
export const calendarSx = {
  fontSize: '0.8125rem',
  // Pending shifts and vacations: white, with the border in the text's colour.
  [`& .${PENDING_CLASS}`]: { borderStyle: 'solid', borderWidth: 1, borderColor: 'var(--fc-event-contrast-color)' },
  '& .sl-focused-day': { boxShadow: 'inset 0 0 0 2px #2457c5' },
  '& a, & button': { cursor: 'pointer' },
} as const;
