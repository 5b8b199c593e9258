// First, so that every zone name given to Luxon from here on reads the table.
import './installTzdbZones.js';

export { findTzdbZone } from './findTzdbZone.js';
export { installTzdbZones } from './installTzdbZones.js';
export { TzdbZone } from './TzdbZone.js';
export { TZDB_VERSION } from './tzdbData.js';
