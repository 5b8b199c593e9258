import type { Random } from '../random.js';
import type { CallRecord } from './callOutcomes.js';
import type { Catalog } from './catalog.js';

/** What the call simulations share: the seeded generator, ids, clients, and where finished calls go. */
export type HistoryWriter = {
  random: Random;
  catalog: Catalog;
  /** Unix seconds: nothing is generated after it. */
  now: number;
  nextCallId: () => number;
  /** Inbound callers call again now and then, so some clients are far more frequent; cold calls go anywhere. */
  pickClient: (direction: 'inbound' | 'outbound') => number;
  addCall: (call: CallRecord) => void;
};

export function clientPicker(random: Random, catalog: Catalog) {
  return (direction: 'inbound' | 'outbound') => {
    const share = direction === 'inbound' ? random.next() ** 2 : random.next();
    return catalog.firstClientId + Math.floor(share * catalog.clientCount);
  };
}
