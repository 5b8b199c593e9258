import { toE164 } from '@shiftline/shared';
import type { Kysely } from 'kysely';
import { writeAudit } from '../../db/auditLog.js';
import type { Database, UserRow } from '../../db/schema.js';
import { conflict, notFound } from '../../plugins/errors.js';

/** A blacklisted client as the audit log records it. */
const clientColumns = ['id', 'phone', 'first_name', 'last_name', 'blocked', 'blocked_at', 'blocked_by'] as const;

/**
 * The client of a live call goes on the blacklist (the call page's Blacklist), in the caller's transaction `trx`:
 * who and when are kept, and its number in E.164 (phone_e164), which the checks match a caller's or a dial's on.
 */
export async function blacklistClient(trx: Kysely<Database>, actorId: number, clientId: number, at: Date) {
  const before = await trx
    .selectFrom('clients')
    .select(clientColumns)
    .where('id', '=', clientId)
    .forUpdate()
    .executeTakeFirst();
  if (!before) throw notFound('No such client.');
  if (before.blocked) return;
  const after = await trx
    .updateTable('clients')
    .set((eb) => ({
      blocked: true,
      blocked_at: at,
      blocked_by: actorId,
      phone_e164: eb.fn.coalesce('phone_e164', eb.val(toE164(before.phone))),
    }))
    .where('id', '=', clientId)
    .returning(clientColumns)
    .executeTakeFirstOrThrow();
  await writeAudit(trx, {
    actorId,
    action: 'client.blacklist',
    subject: `client:${clientId}`,
    details: { before, after },
  });
}

/**
 * The administration of blocked numbers: do-not-call numbers added and removed, blacklisted numbers unblocked. Each
 * change is one transaction with its audit rows (before and after).
 */
export function createBlockingService({ db }: { db: Kysely<Database> }) {
  return {
    /** A number (E.164) onto the do-not-call list; 409 when it is on it already (so 50 identical adds make one). */
    addDoNotCall: (actor: UserRow, body: { phone: string; note: string | null }) =>
      db.transaction().execute(async (trx) => {
        const added = await trx
          .insertInto('do_not_call')
          .values({ phone: body.phone, note: body.note, created_by: actor.id })
          .onConflict((oc) => oc.column('phone').doNothing())
          .returningAll()
          .executeTakeFirst();
        if (!added) {
          throw conflict(`${body.phone} is already on the do-not-call list.`, {
            phone: 'is already on the do-not-call list',
          });
        }
        await writeAudit(trx, {
          actorId: actor.id,
          action: 'do_not_call.add',
          subject: `do_not_call:${added.phone}`,
          details: { before: null, after: added },
        });
        return added.phone;
      }),

    removeDoNotCall: (actor: UserRow, phone: string) =>
      db.transaction().execute(async (trx) => {
        const removed = await trx
          .deleteFrom('do_not_call')
          .where('phone', '=', phone)
          .returningAll()
          .executeTakeFirst();
        if (!removed) throw notFound(`${phone} is not on the do-not-call list.`);
        await writeAudit(trx, {
          actorId: actor.id,
          action: 'do_not_call.remove',
          subject: `do_not_call:${phone}`,
          details: { before: removed, after: null },
        });
      }),

    /**
     * The number leaves the blacklist: every blocked client with it (by E.164, or as written when it is no valid
     * number) is unblocked, each with its audit row, so the number is callable again.
     */
    unblock: (actor: UserRow, number: string) =>
      db.transaction().execute(async (trx) => {
        const before = await trx
          .selectFrom('clients')
          .select(clientColumns)
          .where('blocked', '=', true)
          .where((eb) => eb(eb.fn.coalesce('phone_e164', 'phone'), '=', number))
          .orderBy('id')
          .forUpdate()
          .execute();
        if (before.length === 0) throw notFound(`${number} is not blacklisted.`);
        const after = await trx
          .updateTable('clients')
          .set({ blocked: false, blocked_at: null, blocked_by: null })
          .where(
            'id',
            'in',
            before.map((client) => client.id),
          )
          .returning(clientColumns)
          .execute();
        for (const client of before) {
          await writeAudit(trx, {
            actorId: actor.id,
            action: 'client.unblock',
            subject: `client:${client.id}`,
            details: { before: client, after: after.find((row) => row.id === client.id) ?? null },
          });
        }
      }),
  };
}

export type BlockingService = ReturnType<typeof createBlockingService>;
