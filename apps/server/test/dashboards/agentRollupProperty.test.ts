import {
  type AgentRecord,
  type CallAggregate,
  COUNTED_STATE_IDS,
  computeCallMetrics,
  dayRangeToUnix,
  EMPTY_CALL_AGGREGATE,
  hourlyEarningsCents,
  isConnectedCall,
  type ProductivityResult,
  summarizeProductivity,
  TIME_ZONE_IDS,
} from '@shiftline/shared';
import fc from 'fast-check';
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRandom } from '../../src/db/demo/random.js';
import { hourInFilter } from '../../src/features/productivity/productivity.service.js';
import { addStatesToRollups, rebuildRollups } from '../../src/rollups/index.js';
import { as, createTestUser, demoEmail, login, type Session, type TestApp } from '../support/testApp.js';
import { endOddCalls, startRollupPropertyApp } from './fixtures.js';

/**
 * The per-agent rollups (kept in hours, days and months) must answer like sums over the raw rows, whatever mix of
 * grains a range reads. Random calls and state records from late January to mid-April 2026 (a whole February
 * without a clock change, a whole March with the 8 March one) and around 1 November; half reach the rollups through the rebuild, half one by one. Random
 * ranges of 1 to 60 local days in any of the thirteen zones, random agents, campaigns and hours of day are then
 * compared with the same numbers computed here from the raw lists, commissions of sold leads included.
 */
const WINDOWS = [
  { from: Date.parse('2026-01-24T00:00:00Z'), days: 83 },
  { from: Date.parse('2026-10-25T00:00:00Z'), days: 14 },
];
const STATES = COUNTED_STATE_IDS.filter((state) => state !== 'email_tickets').concat(['logged_out']);

type RawCall = {
  agent: number;
  campaign: number;
  queuedMs: number;
  queue: number;
  talk: number;
  billed: boolean;
  callback: boolean;
};
type RawState = { agent: number; campaign: number | null; state: string; startMs: number; seconds: number };
type RawLead = { call: number; agent: number | null; createdMs: number; sold: boolean; commission: number };

let t: TestApp;
let admin: Session;
let agents: number[];
let campaigns: number[];
const rateCents = new Map<number, number>();
let billingRate: Map<number, number>;
const calls: RawCall[] = [];
const states: RawState[] = [];
const leads: RawLead[] = [];

const randomInstant = (random: ReturnType<typeof createRandom>) => {
  const window = random.pick(WINDOWS);
  // Whole minutes, a fifth of them on the half hours where St. John's hours turn.
  return window.from + random.int(0, window.days * 1440 - 1) * 60_000 + (random.chance(0.2) ? 30 * 60_000 : 0);
};

beforeAll(async () => {
  ({ t, campaigns, billingRates: billingRate } = await startRollupPropertyApp());
  const { database } = t;
  agents = [];
  for (const [index, rate] of [1700, 2150, 1999].entries()) {
    const id = await createTestUser(database, { email: `grain.${index}@test.local`, timezone: 'America/Toronto' });
    await database.db.updateTable('users').set({ pay_rate_cents: rate }).where('id', '=', id).execute();
    rateCents.set(id, rate);
    agents.push(id);
  }

  const random = createRandom(11);
  for (let index = 0; index < 500; index += 1) {
    const answered = random.chance(0.9);
    calls.push({
      agent: random.pick(agents),
      campaign: random.pick(campaigns),
      queuedMs: randomInstant(random),
      queue: random.int(0, 300),
      talk: answered ? random.pick([0, 40, 41, random.int(1, 900)]) : 0,
      billed: answered && random.chance(0.8),
      callback: random.chance(0.1),
    });
  }
  for (let index = 0; index < 700; index += 1) {
    const state = random.pick(STATES);
    states.push({
      agent: random.pick(agents),
      campaign: random.chance(0.3) ? null : random.pick(campaigns),
      state,
      startMs: randomInstant(random),
      // Some past the 3,600 s cap.
      seconds: random.chance(0.15) ? random.int(3600, 9000) : random.int(0, 3599),
    });
  }

  // A lead on every third call, created at its own random instant (commissions count where the lead is created).
  for (let index = 0; index < calls.length; index += 3) {
    const sold = random.chance(0.6);
    leads.push({
      call: index,
      agent: random.chance(0.1) ? null : random.pick(agents),
      createdMs: randomInstant(random),
      sold,
      commission: sold ? random.int(0, 5000) : 0,
    });
  }

  const insertedCalls = await database.db
    .insertInto('calls')
    .values(
      calls.map((call, index) => ({
        campaign_id: call.campaign,
        direction: 'inbound' as const,
        agent_id: call.agent,
        queued_at: new Date(call.queuedMs),
        answered_at: new Date(call.queuedMs + call.queue * 1000),
        // Odd ones end later, one by one.
        ended_at: index % 2 === 0 ? new Date(call.queuedMs + (call.queue + call.talk) * 1000) : null,
        queue_seconds: call.queue,
        talk_seconds: index % 2 === 0 ? call.talk : 0,
        billed_seconds: index % 2 === 0 && call.billed ? call.talk : 0,
        billed: index % 2 === 0 && call.billed,
        callback_requested: index % 2 === 0 && call.callback,
      })),
    )
    .returning('id')
    .execute();
  const insertStates = (rows: readonly RawState[]) =>
    database.db
      .insertInto('agent_state_log')
      .values(
        rows.map((state) => ({
          user_id: state.agent,
          state: state.state,
          campaign_id: state.campaign,
          start_at: new Date(state.startMs),
          end_at: new Date(state.startMs + state.seconds * 1000),
        })),
      )
      .returning('id')
      .execute();
  await database.db
    .insertInto('sales_leads')
    .values(
      leads.map((lead) => ({
        call_id: insertedCalls[lead.call]?.id as string,
        campaign_id: (calls[lead.call] as RawCall).campaign,
        agent_id: lead.agent,
        created_at: new Date(lead.createdMs),
        valid: true,
        sold: lead.sold,
        commission_cents: lead.commission,
      })),
    )
    .execute();
  // The first half of the states and the even calls (with their leads) by the rebuild; the rest as each record
  // closes and call ends.
  const half = Math.floor(states.length / 2);
  await insertStates(states.slice(0, half));
  await rebuildRollups(database.db);
  const reinserted = await insertStates(states.slice(half));
  for (const row of reinserted) await addStatesToRollups(database.db, [row.id]);
  await endOddCalls(database, insertedCalls, calls);
  admin = await login(t.app, demoEmail('administrator'));
}, 180_000);
afterAll(() => t.close());

function rawAggregate(selected: readonly RawCall[]): CallAggregate {
  const sum = { ...EMPTY_CALL_AGGREGATE };
  for (const call of selected) {
    sum.allCalls += 1;
    sum.takenCalls += 1;
    if (call.billed) sum.billedCalls += 1;
    if (call.callback) sum.callbacksRequested += 1;
    if (call.callback && call.billed) sum.callbacksRequestedAsBill += 1;
    if (isConnectedCall(call.talk)) sum.connectedCalls += 1;
    sum.queueSeconds += call.queue;
    sum.talkSeconds += call.talk;
    if (call.billed) {
      sum.billedQueueSeconds += call.queue;
      sum.billedSeconds += call.talk;
      sum.billedCents += Math.round((call.talk * (billingRate.get(call.campaign) ?? 0)) / 3600);
    }
  }
  return sum;
}

const dayChoices = WINDOWS.flatMap((window) =>
  Array.from({ length: window.days }, (_, day) => new Date(window.from + day * 86_400_000).toISOString().slice(0, 10)),
);

/** A random range of whole local days in a random zone, as the pickers send it. */
const rangeArbitrary = fc
  .record({
    zone: fc.constantFrom(...TIME_ZONE_IDS),
    firstDay: fc.constantFrom(...dayChoices),
    length: fc.integer({ min: 1, max: 60 }),
  })
  .map(({ zone, firstDay, length }) => {
    const lastDay = DateTime.fromISO(firstDay, { zone: 'utc' })
      .plus({ days: length - 1 })
      .toISODate() as string;
    return { zone, ...dayRangeToUnix({ start: firstDay, end: lastDay }, zone) };
  });

const inRange = (ms: number, range: { start: number; end: number }) =>
  ms >= range.start * 1000 && ms <= range.end * 1000 + 999;

describe('per-agent rollups against the raw rows', () => {
  it('give the agent records of random ranges, zones, agents and campaigns', async () => {
    await fc.assert(
      fc.asyncProperty(
        rangeArbitrary,
        fc.subarray([0, 1, 2], { minLength: 1 }),
        fc.subarray([0, 1]),
        async (range, agentIndexes, campaignIndexes) => {
          const chosenAgents = agentIndexes.map((index) => agents[index] as number);
          const chosenCampaigns = campaignIndexes.map((index) => campaigns[index] as number);
          const response = await t.app.inject({
            method: 'POST',
            url: '/api/dashboards/agent-records',
            headers: as(admin),
            payload: {
              start: range.start,
              end: range.end,
              timezone: range.zone,
              campaignType: 'inbound',
              agents: chosenAgents,
              campaigns: chosenCampaigns,
            },
          });
          expect(response.statusCode, response.body).toBe(200);
          const records = response.json() as AgentRecord[];
          expect(records.map((record) => record.agent_id).sort()).toEqual([...chosenAgents].sort());
          const wantedCampaigns = chosenCampaigns.length === 0 ? campaigns : chosenCampaigns;
          for (const record of records) {
            const selected = calls.filter(
              (call) =>
                call.agent === record.agent_id &&
                wantedCampaigns.includes(call.campaign) &&
                inRange(call.queuedMs, range),
            );
            expect(record.metrics, `agent ${record.agent_id}`).toEqual(computeCallMetrics(rawAggregate(selected)));
          }
        },
      ),
      { numRuns: 80 },
    );
  }, 120_000);

  it('give the productivity of random ranges, zones, agents, campaigns and hours of day, and the pay', async () => {
    await fc.assert(
      fc.asyncProperty(
        rangeArbitrary,
        fc.subarray([0, 1, 2], { minLength: 1 }),
        fc.option(fc.constantFrom(0, 1), { nil: null }),
        fc.integer({ min: 0, max: 23 }),
        fc.integer({ min: 0, max: 23 }),
        async (range, agentIndexes, campaignIndex, startHour, endHour) => {
          const chosenAgents = agentIndexes.map((index) => agents[index] as number);
          const campaign = campaignIndex === null ? null : (campaigns[campaignIndex] as number);
          // Staff in campaigns mode count every listed agent: narrow the raw rows to ours, which are all there is.
          const body =
            campaign === null ? { mode: 'agents', ids: chosenAgents } : { mode: 'campaigns', ids: [campaign] };
          const response = await t.app.inject({
            method: 'POST',
            url: '/api/productivity/load',
            headers: as(admin),
            payload: { start: range.start, end: range.end, timezone: range.zone, startHour, endHour, ...body },
          });
          expect(response.statusCode, response.body).toBe(200);
          const result = response.json() as ProductivityResult;

          const counted = campaign === null ? chosenAgents : agents;
          const inPeriod = states.filter((state) => counted.includes(state.agent) && inRange(state.startMs, range));
          const shown = inPeriod.filter(
            (state) =>
              (campaign === null || state.campaign === campaign) &&
              hourInFilter(DateTime.fromMillis(state.startMs, { zone: range.zone }).hour, startHour, endHour),
          );
          const expected = summarizeProductivity(shown.map(({ state, seconds }) => ({ state, seconds })));
          expect(result.totalSeconds).toBe(expected.totalSeconds);
          expect(result.paidSeconds).toBe(expected.paidSeconds);
          expect(result.groups.map((group) => group.subCategories.map((sub) => sub.seconds))).toEqual(
            expected.groups.map((group) => group.subCategories.map((sub) => sub.seconds)),
          );
          const login = shown
            .filter((state) => state.state !== 'logged_out')
            .reduce((sum, state) => sum + Math.min(state.seconds, 3600), 0);
          expect(result.loginSeconds).toBe(login);

          // Pay: every agent counted, the whole period, whatever hours and campaigns the charts show.
          const hourly = counted.reduce((sum, agent) => {
            const own = inPeriod.filter((state) => state.agent === agent);
            const paid = summarizeProductivity(own.map(({ state, seconds }) => ({ state, seconds }))).paidSeconds;
            return sum + hourlyEarningsCents(paid, rateCents.get(agent) ?? 0);
          }, 0);
          expect(result.pay?.hourlyCents).toBe(hourly);
          const commissions = leads
            .filter(
              (lead) =>
                lead.sold && lead.agent !== null && counted.includes(lead.agent) && inRange(lead.createdMs, range),
            )
            .reduce((sum, lead) => sum + lead.commission, 0);
          expect(result.pay?.commissionCents).toBe(commissions);
        },
      ),
      { numRuns: 80 },
    );
  }, 120_000);
});
