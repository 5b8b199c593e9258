export { VacationApprovalHost } from './components/VacationApprovalHost';
