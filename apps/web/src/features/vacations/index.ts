export { VacationApprovalHost } from './approval/components/VacationApprovalHost';
