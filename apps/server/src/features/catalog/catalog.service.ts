import type { AdminDisposition, AdminProduct, dispositionBodySchema, productBodySchema } from '@shiftline/shared';
import { type Kysely, sql } from 'kysely';
import type { z } from 'zod';
import { writeAudit } from '../../db/auditLog.js';
import type { Database, UserRow } from '../../db/schema.js';
import { conflict, invalidField, notFound } from '../../plugins/errors.js';
import { refusingDuplicates, throwIfTaken } from '../admin/index.js';

type DispositionFields = z.output<typeof dispositionBodySchema>;
type ProductFields = z.output<typeof productBodySchema>;

/**
 * Dispositions and products, as the administration writes them: each write one transaction with its audit row.
 * One that a call (a sale line) used is archived rather than deleted, so the call log and reports keep its name.
 */
export function createCatalogService(db: Kysely<Database>) {
  const inTransaction = <T>(work: (trx: Kysely<Database>) => Promise<T>) =>
    refusingDuplicates(() => db.transaction().execute(work));
  const audit = (
    trx: Kysely<Database>,
    actor: UserRow,
    action: string,
    subject: string,
    before: unknown,
    after: unknown,
  ) => writeAudit(trx, { actorId: actor.id, action, subject, details: { before, after } });

  /** The campaign named exists, and a disposition for it is of its type. */
  async function checkCampaign(trx: Kysely<Database>, campaignId: number | null, type?: string) {
    if (campaignId === null) return;
    const campaign = await trx.selectFrom('campaigns').select('type').where('id', '=', campaignId).executeTakeFirst();
    if (!campaign) throw invalidField('campaign_id', 'is not a campaign');
    if (type !== undefined && campaign.type !== type) {
      throw invalidField('campaign_type', `must be the campaign's type (${campaign.type})`);
    }
  }

  const titleTaken = async (trx: Kysely<Database>, body: DispositionFields, exceptId: number | null) =>
    (await trx
      .selectFrom('dispositions')
      .select('id')
      .where('archived', '=', false)
      .where('campaign_type', '=', body.campaign_type)
      .where(sql<boolean>`coalesce(campaign_id, 0) = ${body.campaign_id ?? 0}`)
      .where(sql<boolean>`lower(title) = lower(${body.title})`)
      .$if(exceptId !== null, (query) => query.where('id', '<>', exceptId as number))
      .executeTakeFirst()) !== undefined;

  const nameTaken = async (trx: Kysely<Database>, body: ProductFields, exceptId: number | null) =>
    (await trx
      .selectFrom('products')
      .select('id')
      .where('active', '=', true)
      .where(sql<boolean>`coalesce(campaign_id, 0) = ${body.campaign_id ?? 0}`)
      .where(sql<boolean>`lower(name) = lower(${body.name})`)
      .$if(exceptId !== null, (query) => query.where('id', '<>', exceptId as number))
      .executeTakeFirst()) !== undefined;

  const lockDisposition = async (trx: Kysely<Database>, id: number) => {
    const row = await trx.selectFrom('dispositions').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
    if (!row) throw notFound('No such disposition.');
    return row;
  };
  const lockProduct = async (trx: Kysely<Database>, id: number) => {
    const row = await trx.selectFrom('products').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
    if (!row) throw notFound('No such product.');
    return row;
  };
  const dispositionUsed = async (trx: Kysely<Database>, id: number) =>
    (await trx.selectFrom('calls').select('id').where('disposition_id', '=', id).limit(1).executeTakeFirst()) !==
    undefined;
  const productUsed = async (trx: Kysely<Database>, id: number) =>
    (await trx.selectFrom('sale_lines').select('id').where('product_id', '=', id).limit(1).executeTakeFirst()) !==
    undefined;

  /** The dispositions listed together (one campaign's, or the centre-wide ones of a type), in their order. */
  const siblings = (trx: Kysely<Database>, row: { campaign_id: number | null; campaign_type: string }) =>
    trx
      .selectFrom('dispositions')
      .select(['id', 'position'])
      .where('archived', '=', false)
      .where('campaign_type', '=', row.campaign_type as 'inbound')
      .where(sql<boolean>`coalesce(campaign_id, 0) = ${row.campaign_id ?? 0}`)
      .orderBy('position')
      .orderBy('id');

  return {
    async getDisposition(id: number): Promise<AdminDisposition> {
      const row = await db.selectFrom('dispositions').selectAll().where('id', '=', id).executeTakeFirst();
      if (!row) throw notFound('No such disposition.');
      return { ...row, in_use: await dispositionUsed(db, id) };
    },

    createDisposition: (actor: UserRow, body: DispositionFields) =>
      inTransaction(async (trx) => {
        await checkCampaign(trx, body.campaign_id, body.campaign_type);
        throwIfTaken({ title: await titleTaken(trx, body, null) });
        const listed = await siblings(trx, body).execute();
        const row = await trx
          .insertInto('dispositions')
          .values({ ...body, position: Math.max(0, ...listed.map((entry) => entry.position)) + 1 })
          .returningAll()
          .executeTakeFirstOrThrow();
        await audit(trx, actor, 'disposition.create', `disposition:${row.id}`, null, row);
        return row.id;
      }),

    editDisposition: (actor: UserRow, id: number, body: DispositionFields) =>
      inTransaction(async (trx) => {
        const before = await lockDisposition(trx, id);
        if (before.archived) throw conflict('An archived disposition cannot be changed.');
        await checkCampaign(trx, body.campaign_id, body.campaign_type);
        throwIfTaken({ title: await titleTaken(trx, body, id) });
        // Calls already given it keep their meaning: its type and campaign stay once it is used.
        const moved = before.campaign_id !== body.campaign_id || before.campaign_type !== body.campaign_type;
        if (moved && (await dispositionUsed(trx, id))) {
          throw conflict(
            'This disposition is used by calls: its campaign and type stay. Archive it and add a new one.',
            {
              campaign_id: 'cannot change once calls use it',
            },
          );
        }
        const after = await trx
          .updateTable('dispositions')
          .set(body)
          .where('id', '=', id)
          .returningAll()
          .executeTakeFirstOrThrow();
        await audit(trx, actor, 'disposition.edit', `disposition:${id}`, before, after);
      }),

    /** Deleted when no call used it; archived (kept for history, no longer offered) when one did. */
    removeDisposition: (actor: UserRow, id: number) =>
      inTransaction(async (trx) => {
        const before = await lockDisposition(trx, id);
        if (await dispositionUsed(trx, id)) {
          const after = await trx
            .updateTable('dispositions')
            .set({ archived: true })
            .where('id', '=', id)
            .returningAll()
            .executeTakeFirstOrThrow();
          await audit(trx, actor, 'disposition.archive', `disposition:${id}`, before, after);
          return;
        }
        await trx.deleteFrom('dispositions').where('id', '=', id).execute();
        await audit(trx, actor, 'disposition.delete', `disposition:${id}`, before, null);
      }),

    /** Swaps it with its neighbour above (-1) or below (+1) in the list agents see. */
    moveDisposition: (actor: UserRow, id: number, step: -1 | 1) =>
      inTransaction(async (trx) => {
        const row = await lockDisposition(trx, id);
        if (row.archived) throw conflict('An archived disposition is not listed.');
        // Every row of the list is locked and renumbered, so concurrent moves cannot leave two at one place.
        const list = await siblings(trx, row).forUpdate().execute();
        const index = list.findIndex((entry) => entry.id === id);
        const other = list[index + step];
        if (!other) return;
        const order = list.map((entry) => entry.id);
        [order[index], order[index + step]] = [other.id, id];
        for (const [position, entryId] of order.entries()) {
          await trx
            .updateTable('dispositions')
            .set({ position: position + 1 })
            .where('id', '=', entryId)
            .execute();
        }
        await audit(
          trx,
          actor,
          'disposition.move',
          `disposition:${id}`,
          { position: index + 1 },
          {
            position: index + step + 1,
          },
        );
      }),

    async getProduct(id: number): Promise<AdminProduct> {
      const row = await db.selectFrom('products').selectAll().where('id', '=', id).executeTakeFirst();
      if (!row) throw notFound('No such product.');
      return { ...row, in_use: await productUsed(db, id) };
    },

    createProduct: (actor: UserRow, body: ProductFields) =>
      inTransaction(async (trx) => {
        await checkCampaign(trx, body.campaign_id);
        throwIfTaken({ name: await nameTaken(trx, body, null) });
        const row = await trx.insertInto('products').values(body).returningAll().executeTakeFirstOrThrow();
        await audit(trx, actor, 'product.create', `product:${row.id}`, null, row);
        return row.id;
      }),

    /** A price change applies to sales posted from now on; posted sales keep their amounts. */
    editProduct: (actor: UserRow, id: number, body: ProductFields) =>
      inTransaction(async (trx) => {
        const before = await lockProduct(trx, id);
        if (!before.active) throw conflict('An archived product cannot be changed.');
        await checkCampaign(trx, body.campaign_id);
        throwIfTaken({ name: await nameTaken(trx, body, id) });
        const after = await trx
          .updateTable('products')
          .set(body)
          .where('id', '=', id)
          .returningAll()
          .executeTakeFirstOrThrow();
        await audit(trx, actor, 'product.edit', `product:${id}`, before, after);
      }),

    removeProduct: (actor: UserRow, id: number) =>
      inTransaction(async (trx) => {
        const before = await lockProduct(trx, id);
        if (await productUsed(trx, id)) {
          const after = await trx
            .updateTable('products')
            .set({ active: false })
            .where('id', '=', id)
            .returningAll()
            .executeTakeFirstOrThrow();
          await audit(trx, actor, 'product.archive', `product:${id}`, before, after);
          return;
        }
        await trx.deleteFrom('products').where('id', '=', id).execute();
        await audit(trx, actor, 'product.delete', `product:${id}`, before, null);
      }),
  };
}

export type CatalogService = ReturnType<typeof createCatalogService>;
