export { type TeamPeriod, teamScheduleApi } from './api';
export { CalendarRulesBar } from './components/CalendarRulesBar';
export { MakeNoticeDialog } from './components/MakeNoticeDialog';
export { PlannerDialog } from './components/PlannerDialog';
export { useTeamMonth } from './hooks/useTeamMonth';
export { useTeamMutation } from './hooks/useTeamMutation';
