export { createRealtime, joinableRooms, type Realtime, type RealtimeServer } from './realtime.js';
