// The FullCalendar views, loaded together in one lazy chunk by the schedule page.
export { DayCalendar } from './DayCalendar';
export { MonthCalendar } from './MonthCalendar';
