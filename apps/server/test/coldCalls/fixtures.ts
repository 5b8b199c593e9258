import type { Session, TestApp } from '../support/testApp.js';
import { createTestUser, login } from '../support/testApp.js';

/**
 * Cold-call fixtures: each test makes its own outbound campaign, outbound agents on it and leads, so lists and
 * agents never meet across tests.
 */
export function coldCallFixtures(testApp: () => TestApp) {
  let count = 0;
  const db = () => testApp().database.db;

  async function campaign(options: { type?: 'inbound' | 'outbound'; active?: boolean } = {}): Promise<number> {
    count += 1;
    const row = await db()
      .insertInto('campaigns')
      .values({
        name: `Cold ${count}`,
        unique_name: `cold_${count}_${Date.now()}`,
        type: options.type ?? 'outbound',
        active: options.active ?? true,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async function agentId(campaignIds: number[], role: 'agent' | 'team_lead' = 'agent'): Promise<number> {
    count += 1;
    const id = await createTestUser(testApp().database, {
      email: `cold.agent${count}.${Date.now()}@test.local`,
      timezone: 'America/Toronto',
      role,
    });
    await db().updateTable('users').set({ agent_call_type: 'outbound' }).where('id', '=', id).execute();
    if (campaignIds.length > 0) {
      await db()
        .insertInto('campaign_agents')
        .values(campaignIds.map((campaign_id) => ({ campaign_id, user_id: id, is_disabled: false })))
        .execute();
    }
    return id;
  }

  async function agent(campaignIds: number[], role: 'agent' | 'team_lead' = 'agent'): Promise<Session> {
    const id = await agentId(campaignIds, role);
    const { email } = await db().selectFrom('users').select('email').where('id', '=', id).executeTakeFirstOrThrow();
    return login(testApp().app, email);
  }

  async function client(phone: string): Promise<number> {
    count += 1;
    const row = await db()
      .insertInto('clients')
      .values({ phone, first_name: 'Lead', last_name: `Number${count}` })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /** A lead of the campaign; `phone_valid` as the app writes it (tests say what they need). */
  async function lead(
    campaignId: number,
    options: { phone?: string; valid?: boolean; clientId?: number; timezone?: string; createdAt?: Date } = {},
  ): Promise<{ id: number; clientId: number; phone: string }> {
    count += 1;
    const phone = options.phone ?? `+1604555${String(1000 + (count % 9000)).padStart(4, '0')}`;
    const clientId = options.clientId ?? (await client(phone));
    const row = await db()
      .insertInto('cold_calls')
      .values({
        campaign_id: campaignId,
        client_id: clientId,
        phone,
        phone_valid: options.valid ?? true,
        timezone: options.timezone ?? 'America/Vancouver',
        ...(options.createdAt ? { created_at: options.createdAt } : {}),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { id: row.id, clientId, phone };
  }

  const leadRow = (id: number) =>
    db().selectFrom('cold_calls').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const callRow = (id: number | string) =>
    db().selectFrom('calls').selectAll().where('id', '=', String(id)).executeTakeFirstOrThrow();
  const callCount = async () =>
    Number((await db().selectFrom('calls').select(db().fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n);

  return { campaign, agentId, agent, client, lead, leadRow, callRow, callCount };
}
