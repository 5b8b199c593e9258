export { pcapSegmentsToWav } from './pcapToWav.js';
export { byteRange, recordingsRoutes } from './recordings.routes.js';
export { createRecordingsService, type RecordingSetup, type RecordingsService } from './recordings.service.js';
export { registerRecordings } from './registerRecordings.js';
export { createRtpengineControl, type RtpengineControl, RtpengineError } from './rtpengineControl.js';
