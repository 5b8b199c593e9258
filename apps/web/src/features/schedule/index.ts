export { BreakRow } from './components/BreakRow';
export { MonthNavigation } from './components/MonthNavigation';
export { TimeSelect } from './components/TimeSelect';
export { useBusyTimesAround } from './hooks/useBusyTimesAround';
export { ITEM_COLORS, statusColor } from './utils/calendarEvents';
export { dayInterval, formatTimeRange } from './utils/localTime';
export { monthTitle } from './utils/monthKey';
export { changeBreakStart, changeEnd, changeStart, EMPTY_DRAFT, type ShiftDraft } from './utils/shiftDraft';
export { timeOptions } from './utils/timeOptions';
