// Bundled for Chromium by the tz agreement test with the web app's Vite config, starting as apps/web/src/main.tsx
// does, then answering the same questions as the server's code in Node.
import { installTzdbZones, TIME_ZONE_IDS } from '@shiftline/shared';
import { zoneKind, zoneOffsetChanges } from './zoneOffsetChanges.js';

installTzdbZones();
(globalThis as Record<string, unknown>).tzProbe = { zones: TIME_ZONE_IDS, zoneKind, zoneOffsetChanges };
