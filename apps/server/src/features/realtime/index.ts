export { createLiveSequence, type LiveSequence } from './liveSequence.js';
export { createRealtime, joinableRooms, type Realtime, type RealtimeServer } from './realtime.js';
