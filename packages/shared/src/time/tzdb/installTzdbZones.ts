import { IANAZone, Settings, SystemZone, type Zone } from 'luxon';
import { findTzdbZone } from './findTzdbZone.js';

/**
 * Makes every Luxon zone named by one of the thirteen zones' IDs a TzdbZone, wherever the name is given: `{ zone }`,
 * `setZone`, `Info.normalizeZone`, the date pickers' adapter. Luxon turns every zone name into a zone through
 * `IANAZone.create`, which would read the runtime's Intl data. The system zone is swapped for its table twin too,
 * so a browser in Vancouver computes 'local' times by the same table. Importing `@shiftline/shared` runs this.
 */
export function installTzdbZones(): void {
  const create = IANAZone.create as (name: string) => Zone;
  if ((create as { tzdb?: true }).tzdb) return;
  const tableFirst = Object.assign((name: string) => findTzdbZone(name) ?? create.call(IANAZone, name), {
    tzdb: true as const,
  });
  (IANAZone as unknown as { create: (name: string) => Zone }).create = tableFirst;
  const system = findTzdbZone(SystemZone.instance.name);
  if (system && Settings.defaultZone.type === 'system') Settings.defaultZone = system;
}

installTzdbZones();
