import type { SipConfig } from '../../src/config.js';
import { demoTrunkId } from '../../src/features/trunks/index.js';
import { createTestUser, login, type Session, type TestApp } from '../support/testApp.js';

/** An inbound campaign with its own number, and agents with extensions on it: the telephony tests' small centre. */
export function telephonyCentre(testApp: () => TestApp) {
  let campaigns = 0;
  let agents = 0;
  const unique = `${process.pid}${Date.now() % 100_000}`;

  return {
    async campaign(): Promise<{ id: number; number: string }> {
      campaigns += 1;
      const db = testApp().database.db;
      const row = await db
        .insertInto('campaigns')
        .values({ name: `SIP ${campaigns}`, unique_name: `sip_${unique}_${campaigns}`, type: 'inbound' })
        .returning('id')
        .executeTakeFirstOrThrow();
      const number = `18${unique.slice(-7)}${String(campaigns).padStart(3, '0')}`;
      const trunkId = await demoTrunkId(db);
      await db
        .insertInto('campaign_numbers')
        .values({ phone: number, campaign_id: row.id, trunk_id: trunkId })
        .execute();
      return { id: row.id, number };
    },

    /**
     * A signed-in agent on the campaign with an extension of their own, whose phone counts as registered (as the SIP
     * server reports it; `phone: 'unregistered'` until a real registration's report arrives).
     */
    async agent(
      campaignId: number,
      extension?: string | null,
      phone: 'registered' | 'unregistered' = 'registered',
    ): Promise<Session & { extension: string | null }> {
      agents += 1;
      const t = testApp();
      const email = `sip.agent${agents}.${unique}@test.local`;
      const id = await createTestUser(t.database, { email, timezone: 'America/Toronto' });
      const ext = extension === undefined ? `7${unique.slice(-4)}${agents}` : extension;
      await t.database.db.updateTable('users').set({ extension: ext }).where('id', '=', id).execute();
      await t.database.db.insertInto('campaign_agents').values({ campaign_id: campaignId, user_id: id }).execute();
      if (ext && phone === 'registered') {
        await t.database.db
          .insertInto('sip_phones')
          .values({ user_id: id, registered: true, dropped_from: null })
          .execute();
      }
      return { ...(await login(t.app, email)), extension: ext };
    },

    callRow: (id: number | string) =>
      testApp().database.db.selectFrom('calls').selectAll().where('id', '=', String(id)).executeTakeFirstOrThrow(),

    stateOf: async (userId: number) =>
      (
        await testApp()
          .database.db.selectFrom('agent_state_log')
          .select('state')
          .where('user_id', '=', userId)
          .where('end_at', 'is', null)
          .executeTakeFirst()
      )?.state ?? null,
  };
}

/** A SIP configuration for tests that never reach a SIP server (the app's side alone). */
export const unreachableSip = (secret = 'a-test-secret-of-some-length'): SipConfig => ({
  secret,
  domain: 'sip.test',
  port: 5060,
  wsUrl: 'ws://sip.test:5060',
  kamailioUrl: 'http://127.0.0.1:9',
});
