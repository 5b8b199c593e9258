import type { AdminStatsSource, StatsSourceNumbers, statsSourceBodySchema } from '@shiftline/shared';
import { type Kysely, sql } from 'kysely';
import type { z } from 'zod';
import { writeAudit } from '../../db/auditLog.js';
import type { Database, UserRow } from '../../db/schema.js';
import { conflict, invalidField, notFound } from '../../plugins/errors.js';
import { refusingDuplicates, throwIfTaken } from '../admin/index.js';

type StatsSourceFields = z.output<typeof statsSourceBodySchema>;

/**
 * Stats sources as the administration writes them (each write one transaction with its audit row): a name, and the
 * centre numbers whose callers' calls count under it. One that calls count under is renamed, never deleted, so the
 * dashboards' figures keep their source.
 */
export function createStatsSourcesService(db: Kysely<Database>) {
  const inTransaction = <T>(work: (trx: Kysely<Database>) => Promise<T>) =>
    refusingDuplicates(() => db.transaction().execute(work));

  const nameTaken = async (trx: Kysely<Database>, name: string, exceptId: number | null) =>
    (await trx
      .selectFrom('stats_sources')
      .select('id')
      .where(sql<boolean>`lower(name) = lower(${name})`)
      .$if(exceptId !== null, (query) => query.where('id', '<>', exceptId as number))
      .executeTakeFirst()) !== undefined;

  const used = async (trx: Kysely<Database>, id: number) =>
    (await trx.selectFrom('calls').select('id').where('stats_source_id', '=', id).limit(1).executeTakeFirst()) !==
    undefined;

  const numbersOf = async (trx: Kysely<Database>, id: number) =>
    (
      await trx
        .selectFrom('campaign_numbers')
        .select('phone')
        .where('stats_source_id', '=', id)
        .orderBy('phone')
        .execute()
    ).map((row) => row.phone);

  const lock = async (trx: Kysely<Database>, id: number) => {
    const row = await trx.selectFrom('stats_sources').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
    if (!row) throw notFound('No such stats source.');
    return { ...row, numbers: await numbersOf(trx, id) };
  };

  /** The source carries exactly these numbers (each a centre number; one another source carried moves here). */
  async function setNumbers(trx: Kysely<Database>, id: number, numbers: readonly string[]) {
    const phones = [...new Set(numbers)];
    if (phones.length > 0) {
      const known = await trx
        .selectFrom('campaign_numbers')
        .select('phone')
        .where('phone', 'in', phones)
        .forUpdate()
        .execute();
      const unknown = phones.find((phone) => !known.some((row) => row.phone === phone));
      if (unknown) throw invalidField('numbers', `${unknown} is not one of the centre's numbers`);
    }
    await trx
      .updateTable('campaign_numbers')
      .set({ stats_source_id: null })
      .where('stats_source_id', '=', id)
      .$if(phones.length > 0, (query) => query.where('phone', 'not in', phones))
      .execute();
    if (phones.length > 0) {
      await trx.updateTable('campaign_numbers').set({ stats_source_id: id }).where('phone', 'in', phones).execute();
    }
  }

  return {
    async get(id: number): Promise<AdminStatsSource> {
      const row = await db.selectFrom('stats_sources').selectAll().where('id', '=', id).executeTakeFirst();
      if (!row) throw notFound('No such stats source.');
      return { ...row, numbers: await numbersOf(db, id), in_use: await used(db, id) };
    },

    /** Every centre number, with the source it carries now (the form's choices). */
    async numbers(): Promise<StatsSourceNumbers> {
      const rows = await db
        .selectFrom('campaign_numbers as n')
        .innerJoin('campaigns as c', 'c.id', 'n.campaign_id')
        .leftJoin('stats_sources as s', 's.id', 'n.stats_source_id')
        .select(['n.phone', 'c.name as campaign_name', 'n.stats_source_id', 's.name as stats_source_name'])
        .orderBy('n.phone')
        .execute();
      return { numbers: rows };
    },

    create: (actor: UserRow, body: StatsSourceFields) =>
      inTransaction(async (trx) => {
        throwIfTaken({ name: await nameTaken(trx, body.name, null) });
        const row = await trx
          .insertInto('stats_sources')
          .values({ name: body.name })
          .returningAll()
          .executeTakeFirstOrThrow();
        await setNumbers(trx, row.id, body.numbers);
        const after = { ...row, numbers: await numbersOf(trx, row.id) };
        await writeAudit(trx, {
          actorId: actor.id,
          action: 'stats_source.create',
          subject: `stats_source:${row.id}`,
          details: { before: null, after },
        });
        return row.id;
      }),

    /** A rename shows on every report at once: the calls keep the source, not its old name. */
    edit: (actor: UserRow, id: number, body: StatsSourceFields) =>
      inTransaction(async (trx) => {
        const before = await lock(trx, id);
        throwIfTaken({ name: await nameTaken(trx, body.name, id) });
        await trx.updateTable('stats_sources').set({ name: body.name }).where('id', '=', id).execute();
        await setNumbers(trx, id, body.numbers);
        const after = { id, name: body.name, numbers: await numbersOf(trx, id) };
        await writeAudit(trx, {
          actorId: actor.id,
          action: 'stats_source.edit',
          subject: `stats_source:${id}`,
          details: { before, after },
        });
      }),

    /** Only a source no call counts under; its numbers then carry none. */
    remove: (actor: UserRow, id: number) =>
      inTransaction(async (trx) => {
        const before = await lock(trx, id);
        if (await used(trx, id)) {
          throw conflict('Calls count under this stats source: it can be renamed, not deleted.', {
            id: 'is used by calls',
          });
        }
        await trx.deleteFrom('stats_sources').where('id', '=', id).execute();
        await writeAudit(trx, {
          actorId: actor.id,
          action: 'stats_source.delete',
          subject: `stats_source:${id}`,
          details: { before, after: null },
        });
      }),
  };
}

export type StatsSourcesService = ReturnType<typeof createStatsSourcesService>;
