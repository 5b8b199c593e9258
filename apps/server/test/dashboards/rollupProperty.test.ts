import {
  bucketCallDuration,
  bucketQueueSeconds,
  type CallAggregate,
  computeCallMetrics,
  dayRangeToUnix,
  EMPTY_CALL_AGGREGATE,
  isConnectedCall,
  TIME_ZONE_IDS,
} from '@shiftline/shared';
import fc from 'fast-check';
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRandom } from '../../src/db/demo/random.js';
import { rebuildRollups } from '../../src/rollups/index.js';
import { as, demoEmail, login, type Session, type TestApp } from '../support/testApp.js';
import { disposition, endOddCalls, startRollupPropertyApp, statsSource } from './fixtures.js';

/**
 * The rollups must answer exactly like an aggregate over the raw calls. Random calls around both clock changes
 * of 2026 (8 March, 1 November) and across midnights; half reach the rollups through the full rebuild, half one
 * by one as they end. Then random ranges, zones (St. John's included), campaigns and sources are compared with
 * the same metrics computed here straight from the call list.
 */
type RawCall = {
  campaign: number;
  source: number | null;
  queuedMs: number;
  queue: number;
  talk: number;
  abandoned: boolean;
  answered: boolean;
  billed: boolean;
  missed: boolean;
  callback: boolean;
  disposition: number | null;
};

const WINDOWS = [
  { from: Date.parse('2026-03-05T00:00:00Z'), days: 7 },
  { from: Date.parse('2026-10-29T00:00:00Z'), days: 6 },
];
const BOUNDARY_SECONDS = [0, 39, 40, 41, 59, 60, 119, 120, 239, 240, 359, 360, 479, 480];

let t: TestApp;
let admin: Session;
let campaigns: number[];
let sources: number[];
let hourlyRateCents: Map<number, number>;
const calls: RawCall[] = [];

beforeAll(async () => {
  ({ t, campaigns, billingRates: hourlyRateCents } = await startRollupPropertyApp());
  const { database } = t;
  sources = [await statsSource(database, 'Prop Source A'), await statsSource(database, 'Prop Source B')];
  const dispositions = [
    await disposition(database, { title: 'P Resolved', campaign_type: 'inbound', bucket: 'resolved' }),
    await disposition(database, { title: 'P Escalated', campaign_type: 'inbound', bucket: 'escalated' }),
  ];
  const random = createRandom(7);
  const seconds = () => (random.chance(0.3) ? random.pick(BOUNDARY_SECONDS) : random.int(0, 700));
  for (const window of WINDOWS) {
    for (let index = 0; index < 180; index += 1) {
      const abandoned = random.chance(0.15);
      const answered = !abandoned && random.chance(0.85);
      calls.push({
        campaign: random.pick(campaigns),
        source: random.chance(0.2) ? null : random.pick(sources),
        // Whole minutes, with a bias to the half hours where St. John's hours turn.
        queuedMs: window.from + random.int(0, window.days * 1440 - 1) * 60_000 + (random.chance(0.2) ? 30 * 60_000 : 0),
        queue: seconds(),
        talk: answered ? seconds() : 0,
        abandoned,
        answered,
        billed: answered && random.chance(0.8),
        missed: random.chance(0.1),
        callback: random.chance(0.1),
        disposition: random.chance(0.2) ? null : random.pick(dispositions),
      });
    }
  }
  const rows = calls.map((call, index) => {
    const ends = index % 2 === 0; // odd ones end later, one by one
    return {
      campaign_id: call.campaign,
      direction: 'inbound' as const,
      stats_source_id: call.source,
      queued_at: new Date(call.queuedMs),
      answered_at: call.answered ? new Date(call.queuedMs + call.queue * 1000) : null,
      ended_at: ends ? new Date(call.queuedMs + (call.queue + call.talk) * 1000) : null,
      queue_seconds: call.queue,
      talk_seconds: ends ? call.talk : 0,
      billed_seconds: ends && call.billed ? call.talk : 0,
      billed: ends && call.billed,
      missed: ends && call.missed,
      abandoned: ends && call.abandoned,
      callback_requested: ends && call.callback,
      disposition_id: ends ? call.disposition : null,
    };
  });
  const inserted = await database.db.insertInto('calls').values(rows).returning('id').execute();
  await rebuildRollups(database.db);
  await endOddCalls(database, inserted, calls, (call) => ({
    missed: call.missed,
    abandoned: call.abandoned,
    dispositionId: call.disposition,
  }));
  admin = await login(t.app, demoEmail('administrator'));
}, 120_000);
afterAll(() => t.close());

/** The metric input of some raw calls, summed here directly (the rollup's rule restated from the spec). */
function rawAggregate(selected: RawCall[]): CallAggregate {
  const sum = { ...EMPTY_CALL_AGGREGATE };
  for (const call of selected) {
    sum.allCalls += 1;
    if (call.answered) sum.takenCalls += 1;
    if (call.billed) sum.billedCalls += 1;
    if (call.missed) sum.missedCalls += 1;
    if (call.abandoned) sum.abandonedCalls += 1;
    if (!call.answered && !call.abandoned) sum.unansweredCalls += 1;
    if (call.callback) sum.callbacksRequested += 1;
    if (call.callback && call.billed) sum.callbacksRequestedAsBill += 1;
    if (isConnectedCall(call.talk)) sum.connectedCalls += 1;
    sum.queueSeconds += call.queue;
    if (call.billed) sum.billedQueueSeconds += call.queue;
    if (call.answered) sum.talkSeconds += call.talk;
    if (call.billed) sum.billedSeconds += call.talk;
    if (call.billed) sum.billedCents += Math.round((call.talk * (hourlyRateCents.get(call.campaign) ?? 0)) / 3600);
  }
  return sum;
}

const countBy = <Label extends string>(labels: Label[]) => {
  const counts = new Map<string, number>();
  for (const label of labels) counts.set(label, (counts.get(label) ?? 0) + 1);
  return counts;
};

type Records = {
  totals: Record<string, number>;
  daily: { date: string; metrics: Record<string, number> }[];
  hourly: { hour: number; metrics: Record<string, number> }[];
  queueBuckets: { label: string; calls: number }[];
  durationBuckets: { label: string; calls: number }[];
};

describe('rollups against the raw calls', () => {
  it('agree for random ranges, zones, campaigns and sources', async () => {
    const dayChoices = WINDOWS.flatMap((window) =>
      Array.from({ length: window.days }, (_, day) =>
        new Date(window.from + day * 86_400_000).toISOString().slice(0, 10),
      ),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...TIME_ZONE_IDS),
        fc.constantFrom(...dayChoices),
        fc.integer({ min: 1, max: 5 }),
        // Nothing chosen means every campaign (read from the per-type rollup).
        fc.subarray([0, 1]),
        fc.subarray([0, 1]),
        async (zone, firstDay, length, campaignIndexes, sourceIndexes) => {
          const lastDay = DateTime.fromISO(firstDay, { zone: 'utc' })
            .plus({ days: length - 1 })
            .toISODate() as string;
          const range = dayRangeToUnix({ start: firstDay, end: lastDay }, zone);
          const chosenCampaigns = campaignIndexes.map((index) => campaigns[index] as number);
          const wantedCampaigns = chosenCampaigns.length === 0 ? campaigns : chosenCampaigns;
          const wantedSources = sourceIndexes.map((index) => sources[index] as number);
          const response = await t.app.inject({
            method: 'POST',
            url: '/api/dashboards/records-for-campaigns',
            headers: as(admin),
            payload: { ...range, timezone: zone, campaigns: chosenCampaigns, statsSources: wantedSources },
          });
          expect(response.statusCode, response.body).toBe(200);
          const records = response.json() as Records;

          const selected = calls.filter(
            (call) =>
              call.queuedMs >= range.start * 1000 &&
              call.queuedMs <= range.end * 1000 + 999 &&
              wantedCampaigns.includes(call.campaign) &&
              (wantedSources.length === 0 || (call.source !== null && wantedSources.includes(call.source))),
          );
          const { callsToday: _ignored, ...totals } = records.totals;
          const { callsToday: _expectedIgnored, ...expected } = computeCallMetrics(rawAggregate(selected));
          expect(totals).toEqual(expected);

          const local = (call: RawCall) => DateTime.fromMillis(call.queuedMs, { zone });
          const perDay = countBy(selected.map((call) => local(call).toISODate() as string));
          for (const day of records.daily) expect(day.metrics.allCalls, day.date).toBe(perDay.get(day.date) ?? 0);
          const perHour = countBy(selected.map((call) => String(local(call).hour)));
          for (const hour of records.hourly)
            expect(hour.metrics.allCalls, `hour ${hour.hour}`).toBe(perHour.get(String(hour.hour)) ?? 0);

          const queue = countBy(selected.map((call) => bucketQueueSeconds(call.queue)));
          for (const bucket of records.queueBuckets)
            expect(bucket.calls, bucket.label).toBe(queue.get(bucket.label) ?? 0);
          const duration = countBy(
            selected.filter((call) => call.answered).map((call) => bucketCallDuration(call.talk)),
          );
          for (const bucket of records.durationBuckets)
            expect(bucket.calls, bucket.label).toBe(duration.get(bucket.label) ?? 0);
        },
      ),
      { numRuns: 120 },
    );
  }, 120_000);
});
