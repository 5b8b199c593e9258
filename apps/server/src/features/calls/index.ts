export { type Agent, type CallEngine, createCallEngine } from './callEngine.js';
export { type CallPageService, createCallPageService } from './callPage.service.js';
export { type Arrival, type ArrivalJson, arrivalFromJson } from './calls.repository.js';
export { AFTER_CALL_URL, callsRoutes } from './calls.routes.js';
export { callPageUrl } from './liveEvents.js';
export { reconcileLiveState } from './reconcile.js';
export { statusRoutes } from './status.routes.js';
export { SimulatedTelephony, type Telephony } from './telephony.js';
export { telephonyRoutes } from './telephony.routes.js';
