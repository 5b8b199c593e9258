import type { CampaignType } from '@shiftline/shared';
import { type Kysely, sql } from 'kysely';
import { type AuditEntry, writeAudit } from '../../db/auditLog.js';
import type { Database } from '../../db/schema.js';

export type TrunkColumns = {
  name: string;
  source_addresses: string[];
  outbound_address: string | null;
  auth_username: string | null;
  auth_password_sealed: string | null;
};

const trunkColumns = [
  'id',
  'name',
  sql<string[]>`source_addresses::text[]`.as('source_addresses'),
  'outbound_address',
  'auth_username',
  'auth_password_sealed',
] as const;

/** Kysely queries of trunks, their numbers and campaign caller IDs; bound to a transaction by the service. */
export function createTrunksRepository(db: Kysely<Database>) {
  const addresses = (list: string[]) => sql<string[]>`${list}::inet[]`;
  return {
    writeAudit: (entry: AuditEntry) => writeAudit(db, entry),

    findTrunk: (id: number) => db.selectFrom('trunks').select(trunkColumns).where('id', '=', id).executeTakeFirst(),
    lockTrunk: (id: number) =>
      db.selectFrom('trunks').select(trunkColumns).where('id', '=', id).forUpdate().executeTakeFirst(),
    nameTaken: async (name: string, exceptId: number | null) =>
      (await db
        .selectFrom('trunks')
        .select('id')
        .where(sql<string>`lower(name)`, '=', name.toLowerCase())
        .$if(exceptId !== null, (q) => q.where('id', '<>', exceptId as number))
        .executeTakeFirst()) !== undefined,
    insertTrunk: async (trunk: TrunkColumns) =>
      (
        await db
          .insertInto('trunks')
          .values({ ...trunk, source_addresses: addresses(trunk.source_addresses) })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id,
    updateTrunk: async (id: number, trunk: TrunkColumns) => {
      await db
        .updateTable('trunks')
        .set({ ...trunk, source_addresses: addresses(trunk.source_addresses), updated_at: sql`now()` })
        .where('id', '=', id)
        .execute();
    },
    deleteTrunk: async (id: number) => {
      await db.deleteFrom('trunks').where('id', '=', id).execute();
    },

    numbersOf: (trunkId: number) =>
      db
        .selectFrom('campaign_numbers')
        .select(['phone', 'campaign_id'])
        .where('trunk_id', '=', trunkId)
        .orderBy('phone')
        .execute(),
    /** Of these numbers, the ones another trunk delivers (or no trunk yet: those this trunk may take over). */
    async numbersOfOtherTrunks(phones: readonly string[], trunkId: number | null): Promise<string[]> {
      if (phones.length === 0) return [];
      const rows = await db
        .selectFrom('campaign_numbers')
        .select('phone')
        .where('phone', 'in', [...phones])
        .where('trunk_id', 'is not', null)
        .$if(trunkId !== null, (q) => q.where('trunk_id', '<>', trunkId as number))
        .execute();
      return rows.map((row) => row.phone);
    },
    /** The trunk delivers exactly these numbers: others it had are removed, these are (re)assigned to it. */
    async setNumbers(trunkId: number, numbers: readonly { phone: string; campaign_id: number }[]): Promise<void> {
      const phones = numbers.map((number) => number.phone);
      await db
        .deleteFrom('campaign_numbers')
        .where('trunk_id', '=', trunkId)
        .$if(phones.length > 0, (q) => q.where('phone', 'not in', phones))
        .execute();
      if (numbers.length === 0) return;
      await db
        .insertInto('campaign_numbers')
        .values(numbers.map((number) => ({ ...number, trunk_id: trunkId })))
        .onConflict((conflict) =>
          conflict.column('phone').doUpdateSet((eb) => ({
            campaign_id: eb.ref('excluded.campaign_id'),
            trunk_id: eb.ref('excluded.trunk_id'),
          })),
        )
        .execute();
    },

    /** A campaign's numbers with the trunk each arrives on (the campaign form's list). */
    numbersOfCampaign: (campaignId: number) =>
      db
        .selectFrom('campaign_numbers as n')
        .leftJoin('trunks as t', 't.id', 'n.trunk_id')
        .select(['n.phone', 'n.trunk_id', 't.name as trunk_name'])
        .where('n.campaign_id', '=', campaignId)
        .orderBy('n.phone')
        .execute(),
    trunkChoices: () => db.selectFrom('trunks').select(['id', 'name']).orderBy('name').execute(),
    existingTrunkIds: async (ids: readonly number[]) =>
      new Set(
        ids.length === 0
          ? []
          : (
              await db
                .selectFrom('trunks')
                .select('id')
                .where('id', 'in', [...ids])
                .execute()
            ).map((row) => row.id),
      ),
    findCampaign: (id: number) =>
      db.selectFrom('campaigns').select(['id', 'name', 'type']).where('id', '=', id).executeTakeFirst(),
    /** The campaign a number change is about, locked so changes to its numbers take turns. */
    lockCampaign: (id: number) =>
      db.selectFrom('campaigns').select(['id', 'name', 'type']).where('id', '=', id).forUpdate().executeTakeFirst(),
    /** A new number; false when the number already exists (after any concurrent insert of it committed). */
    insertNumber: async (number: { phone: string; campaign_id: number; trunk_id: number | null }) =>
      (
        await db
          .insertInto('campaign_numbers')
          .values(number)
          .onConflict((conflict) => conflict.column('phone').doNothing())
          .returning('phone')
          .execute()
      ).length === 1,
    lockNumber: (phone: string) =>
      db
        .selectFrom('campaign_numbers as n')
        .innerJoin('campaigns as c', 'c.id', 'n.campaign_id')
        .select(['n.phone', 'n.campaign_id', 'n.trunk_id', 'c.name as campaign_name'])
        .where('n.phone', '=', phone)
        .forUpdate('n')
        .executeTakeFirst(),
    updateNumber: async (phone: string, number: { campaign_id: number; trunk_id: number | null }) => {
      await db.updateTable('campaign_numbers').set(number).where('phone', '=', phone).execute();
    },
    deleteNumber: async (phone: string) => {
      await db.deleteFrom('campaign_numbers').where('phone', '=', phone).execute();
    },

    callerIdsOf: (trunkId: number) =>
      db
        .selectFrom('trunk_campaigns')
        .select(['campaign_id', 'caller_id'])
        .where('trunk_id', '=', trunkId)
        .orderBy('campaign_id')
        .execute(),
    /** Of these campaigns, the ones whose outbound calls go through another trunk. */
    async campaignsOfOtherTrunks(campaignIds: readonly number[], trunkId: number | null): Promise<number[]> {
      if (campaignIds.length === 0) return [];
      const rows = await db
        .selectFrom('trunk_campaigns')
        .select('campaign_id')
        .where('campaign_id', 'in', [...campaignIds])
        .$if(trunkId !== null, (q) => q.where('trunk_id', '<>', trunkId as number))
        .execute();
      return rows.map((row) => row.campaign_id);
    },
    async setCallerIds(trunkId: number, callerIds: readonly { campaign_id: number; caller_id: string }[]) {
      await db.deleteFrom('trunk_campaigns').where('trunk_id', '=', trunkId).execute();
      if (callerIds.length === 0) return;
      await db
        .insertInto('trunk_campaigns')
        .values(callerIds.map((row) => ({ ...row, trunk_id: trunkId })))
        .execute();
    },

    /** The campaigns of these ids that exist, each with its type. */
    existingCampaigns: async (ids: readonly number[]): Promise<Map<number, CampaignType>> =>
      ids.length === 0
        ? new Map()
        : new Map(
            (
              await db
                .selectFrom('campaigns')
                .select(['id', 'type'])
                .where('id', 'in', [...ids])
                .execute()
            ).map((row) => [row.id, row.type] as const),
          ),

    /**
     * Whether an INVITE from `source` may reach the campaign number `dialled`: 'allowed', 'refused' (a number of the
     * centre, but no trunk delivering it allows that address), or 'not_a_number' (not a campaign number at all: an
     * extension, a client an agent dials; other rules decide).
     */
    async sourceCheck(dialled: string, source: string): Promise<'allowed' | 'refused' | 'not_a_number'> {
      const row = await db
        .selectFrom('campaign_numbers as n')
        .leftJoin('trunks as t', 't.id', 'n.trunk_id')
        .select(sql<boolean>`coalesce(${source}::inet <<= ANY(t.source_addresses), false)`.as('allowed'))
        .where('n.phone', '=', dialled)
        .executeTakeFirst();
      if (!row) return 'not_a_number';
      return row.allowed ? 'allowed' : 'refused';
    },

    /** The outbound trunk of a call's campaign: its address, credentials and the campaign's caller ID. */
    outboundTrunkOfCall: (callId: string) =>
      db
        .selectFrom('calls')
        .innerJoin('trunk_campaigns as tc', 'tc.campaign_id', 'calls.campaign_id')
        .innerJoin('trunks as t', 't.id', 'tc.trunk_id')
        .select(['t.id', 't.outbound_address', 't.auth_username', 't.auth_password_sealed', 'tc.caller_id'])
        .where('calls.id', '=', callId)
        .executeTakeFirst(),
  };
}

export type TrunksRepository = ReturnType<typeof createTrunksRepository>;
