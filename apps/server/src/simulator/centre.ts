import { canHaveStatus } from '@shiftline/shared';
import type { DatabaseHandle } from '../db/database.js';
import { DEMO_LOGINS } from '../db/demo/demoLogins.js';
import type { AgentProfile } from '../db/demo/history/agentShift.js';
import type { CampaignPlan } from '../db/demo/history/arrivals.js';
import { DISPOSITIONS, type DispositionKey } from '../db/demo/history/catalog.js';
import { loadApprovedShifts, loadHistoryContext, type ShiftToSimulate } from '../db/demo/history/historyContext.js';

/** What the simulator reads of the centre (reads only: every write goes through the call engine's services). */
export type Centre = {
  campaigns: CampaignPlan[];
  /** Every person who may hold a shift, with the campaigns they answer. */
  agents: Map<number, AgentProfile>;
  /** Users the simulator drives: call-taking roles with shifts, not the demo's sign-in accounts (people use those). */
  driven: Set<number>;
  /** Each campaign's dialled numbers, for the calls' DID. */
  numbers: Map<number, string[]>;
  statsSourceIds: number[];
  dispositionIds: Partial<Record<DispositionKey, number>>;
  products: { id: number; price_cents: number }[];
  /** Phone numbers of known clients: returning callers call from these. */
  clientPhones: string[];
};

/** Reads the campaigns, the agents the simulator may drive, and what calls are made of. */
export async function loadCentre(database: DatabaseHandle, nowSeconds: number): Promise<Centre> {
  const { db } = database;
  const context = await loadHistoryContext(database, nowSeconds);
  const demoEmails = DEMO_LOGINS.map((login) => login.email);
  const users = await db.selectFrom('users').select(['id', 'email', 'role']).where('is_system', '=', false).execute();
  const driven = new Set(
    users.filter((user) => canHaveStatus(user.role) && !demoEmails.includes(user.email)).map((user) => user.id),
  );
  const numbers = new Map<number, string[]>();
  for (const row of await db
    .selectFrom('campaign_numbers')
    .select(['phone', 'campaign_id'])
    .orderBy('phone')
    .execute()) {
    numbers.set(row.campaign_id, [...(numbers.get(row.campaign_id) ?? []), row.phone]);
  }
  const statsSourceIds = (await db.selectFrom('stats_sources').select('id').orderBy('id').execute()).map(
    (row) => row.id,
  );
  const byTitle = new Map(
    (await db.selectFrom('dispositions').select(['id', 'title']).where('campaign_type', '=', 'inbound').execute()).map(
      (row) => [row.title, row.id],
    ),
  );
  const dispositionIds: Centre['dispositionIds'] = {};
  for (const [key, disposition] of Object.entries(DISPOSITIONS) as [DispositionKey, { title: string }][]) {
    const id = byTitle.get(disposition.title);
    if (id !== undefined) dispositionIds[key] = id;
  }
  const products = await db
    .selectFrom('products')
    .select(['id', 'price_cents'])
    .where('active', '=', true)
    .orderBy('id')
    .execute();
  const clientPhones = (
    await db
      .selectFrom('clients')
      .select('phone')
      .where('phone', 'is not', null)
      .where('blocked', '=', false)
      .orderBy('id')
      .limit(5000)
      .execute()
  ).map((row) => row.phone as string);
  return {
    campaigns: context.campaigns,
    agents: context.agents,
    driven,
    numbers,
    statsSourceIds,
    dispositionIds,
    products,
    clientPhones,
  };
}

/** Approved shifts that start in [from, to) and end after `endsAfter` (Unix seconds), with their breaks. */
export const loadShifts = (
  database: DatabaseHandle,
  range: { from: number; to: number; endsAfter: number },
): Promise<ShiftToSimulate[]> => loadApprovedShifts(database, range);
