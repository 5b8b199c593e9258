export { coldCallsRoute } from './routes';
export { planColdCallRefresh } from './utils/refreshThrottle';
