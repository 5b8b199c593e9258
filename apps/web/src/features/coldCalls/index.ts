export { SimultaneousCallNotice } from './components/SimultaneousCallNotice';
export { type DialTarget, useDialColdCall } from './hooks/useDialColdCall';
export { coldCallsRoute } from './routes';
export { planColdCallRefresh } from './utils/refreshThrottle';
