// The team month grid with FullCalendar, in a lazy chunk of its own: the page draws before it loads.
export { TeamMonthCalendar } from './TeamMonthCalendar';
