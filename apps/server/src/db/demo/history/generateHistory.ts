import { sql } from 'kysely';
import { rebuildRollups, rollupTables } from '../../../rollups/index.js';
import type { DatabaseHandle } from '../../database.js';
import { createRandom } from '../random.js';
import { type AgentShift, createAgentShift } from './agentShift.js';
import { addCallRow, CALL_COLUMNS } from './callOutcomes.js';
import { createCatalog } from './catalog.js';
import { CopyBuffer, loadBatches } from './copyText.js';
import { loadApprovedShifts, loadHistoryContext } from './historyContext.js';
import { clientPicker, type HistoryWriter } from './historyWriter.js';
import { InboundTraffic } from './inboundDay.js';
import { LeadsAndPayroll } from './leadsAndPayroll.js';
import { dialColdCalls } from './outboundDialling.js';
import { StateLogWriter } from './stateLog.js';

/** The demo centre is a quiet one, so that the first start stays quick; benchmarks use the full load. */
export const DEMO_HISTORY_LOAD = 0.12;
export const FULL_HISTORY_LOAD = 1;

export type HistoryOptions = {
  /** Whole UTC days before today; today is generated up to `now`. */
  days: number;
  seed?: number;
  now?: Date;
  /** How busy the centre is, from just above 0 to 1: inbound traffic and the outbound dialling pace scale with it. */
  load?: number;
  onProgress?: (report: HistoryReport) => void;
};

export type HistoryReport = {
  phase: 'days' | 'payments' | 'rollups' | 'done';
  daysDone: number;
  days: number;
  calls: number;
  stateRecords: number;
  leads: number;
  elapsedSeconds: number;
  rowsPerSecond: number;
};

/**
 * Call history for the demo centre (or any centre with approved shifts): calls, agent state log, sales leads and
 * agent payments over the last `days` days and today up to `now`, then the rollups. Deterministic for a seed and
 * `now`. Expects no call history yet (one open state record per agent is allowed, and this writes one each).
 * Generates day by day and bulk-loads each day, so memory stays bounded at any size.
 */
export async function generateHistory(database: DatabaseHandle, options: HistoryOptions): Promise<HistoryReport> {
  const startedAt = performance.now();
  const random = createRandom((options.seed ?? 20261122) ^ 0x5eed);
  const now = Math.floor((options.now ?? new Date()).getTime() / 1000);
  const load = Math.min(1, Math.max(0.01, options.load ?? DEMO_HISTORY_LOAD));
  const today = Math.floor(now / 86_400) * 86_400;
  const firstDay = today - options.days * 86_400;

  const context = await loadHistoryContext(database, now);
  const catalog = await createCatalog(database, random, Math.max(2000, context.agents.size * 250));
  const lastId = await sql<{ id: string | null }>`SELECT max(id) AS id FROM calls`.execute(database.db);
  let callId = Number(lastId.rows[0]?.id ?? 0);

  const calls = new CopyBuffer('calls', CALL_COLUMNS);
  const leadsAndPayroll = new LeadsAndPayroll(random);
  const states = new StateLogWriter(now, (userId, start, seconds) =>
    leadsAndPayroll.addPaidTime(userId, start, seconds),
  );
  const writer: HistoryWriter = {
    random,
    catalog,
    now,
    nextCallId: () => {
      callId += 1;
      return callId;
    },
    pickClient: clientPicker(random, catalog),
    addCall: (call) => {
      addCallRow(calls, call, catalog);
      leadsAndPayroll.addCall(call);
    },
  };
  const inbound = new InboundTraffic(writer, context.campaigns, load);
  const plans = new Map(context.campaigns.map((campaign) => [campaign.id, campaign]));
  const plansOf = (ids: number[]) => ids.map((id) => plans.get(id)).filter((plan) => plan !== undefined);

  const report = (phase: HistoryReport['phase'], daysDone: number): HistoryReport => {
    const elapsedSeconds = (performance.now() - startedAt) / 1000;
    const rows = calls.taken + states.buffer.taken + leadsAndPayroll.leads.taken;
    return {
      phase,
      daysDone,
      days: options.days + 1,
      calls: calls.taken,
      stateRecords: states.buffer.taken,
      leads: leadsAndPayroll.leads.taken,
      elapsedSeconds,
      rowsPerSecond: elapsedSeconds > 0 ? Math.round(rows / elapsedSeconds) : 0,
    };
  };

  // Calls load first: leads and state records refer to them. On a server one connection loads a day's calls
  // while another loads the day before's state records and the next day is generated; PGlite is one session.
  let callsLoaded: Promise<void> = Promise.resolve();
  let restLoaded: Promise<void> = Promise.resolve();
  let loadFailure: unknown = null;
  const remember = (loading: Promise<void>) =>
    loading.catch((error: unknown) => {
      loadFailure ??= error;
    });
  const loadDay = async () => {
    const callBatch = calls.take();
    const rest = [leadsAndPayroll.leads.take(), states.buffer.take()];
    if (database.kind === 'pglite') return loadBatches(database, [callBatch, ...rest]);
    // At most one day of state records in flight keeps memory bounded.
    await restLoaded;
    if (loadFailure) throw loadFailure;
    callsLoaded = remember(callsLoaded.then(() => loadBatches(database, [callBatch])));
    restLoaded = remember(callsLoaded.then(() => loadBatches(database, rest)));
  };

  let active: AgentShift[] = [];
  const lastShiftEnd = new Map<number, number>();
  let daysDone = 0;
  for (let dayStart = firstDay; dayStart <= today && dayStart < now; dayStart += 86_400) {
    const dayEnd = Math.min(dayStart + 86_400, now);
    // The first day also picks up night shifts that began the evening before.
    const first = dayStart === firstDay;
    const shifts = await loadApprovedShifts(database, {
      from: first ? dayStart - 86_400 : dayStart,
      to: dayEnd,
      endsAfter: first ? dayStart : 0,
    });
    for (const shift of shifts) {
      const agent = context.agents.get(shift.userId);
      if (!agent) continue;
      const simulated = createAgentShift(agent, shift, random);
      // Overlapping shifts of one agent (hand-made data) would overlap in the state log: keep the first.
      if (simulated.preStart < (lastShiftEnd.get(agent.id) ?? 0)) continue;
      lastShiftEnd.set(agent.id, simulated.postEnd);
      active.push(simulated);
      if (agent.outboundCampaigns.length > 0) {
        const campaigns = { dial: plansOf(agent.outboundCampaigns), answer: plansOf(agent.inboundCampaigns) };
        dialColdCalls(writer, simulated, campaigns, load);
      }
    }
    inbound.simulateDay(active, dayStart, dayEnd);

    const lastDay = dayStart + 86_400 >= now;
    const running: AgentShift[] = [];
    for (const shift of active) {
      if (lastDay || shift.end <= dayStart + 86_400) states.writeShift(shift);
      else running.push(shift);
    }
    active = running;
    if (lastDay) states.finish();
    await loadDay();
    daysDone += 1;
    options.onProgress?.(report('days', daysDone));
  }
  await loadDay();
  await Promise.all([callsLoaded, restLoaded]);
  if (loadFailure) throw loadFailure;

  options.onProgress?.(report('payments', daysDone));
  const payRates = new Map([...context.agents.values()].map((agent) => [agent.id, agent.payRateCents]));
  const payments = leadsAndPayroll.payments(firstDay, now, payRates);
  for (let offset = 0; offset < payments.length; offset += 2000) {
    await database.db
      .insertInto('agent_payments')
      .values(payments.slice(offset, offset + 2000))
      .execute();
  }
  if (calls.taken > 0) {
    await sql`SELECT setval(pg_get_serial_sequence('calls', 'id'), ${callId})`.execute(database.db);
  }

  options.onProgress?.(report('rollups', daysDone));
  await database.db.transaction().execute(async (trx) => {
    // The rebuild groups every call and state record: with more than the default 4 MB it hashes in memory
    // instead of sorting through temporary files.
    const memory = database.kind === 'postgres' ? '256MB' : '64MB';
    await sql`SET LOCAL work_mem = ${sql.lit(memory)}`.execute(trx);
    await rebuildRollups(trx);
  });
  // Fresh statistics for the dashboards' plans; PGlite has no autovacuum, and its raw tables are small enough
  // for the default estimates, so there only the rollups are analysed.
  const analysed = database.kind === 'postgres' ? sql`calls, agent_state_log, sales_leads, ` : sql``;
  await sql`ANALYZE ${analysed}${rollupTables}`.execute(database.db);
  const done = report('done', daysDone);
  options.onProgress?.(done);
  return done;
}
