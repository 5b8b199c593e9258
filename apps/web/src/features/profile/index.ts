export { CrmWarning } from './components/CrmWarning';
export { useSetTimezone } from './hooks/useSetTimezone';
