import type { Kysely } from 'kysely';
import { type AuditEntry, writeAudit } from '../../db/auditLog.js';
import type { Database } from '../../db/schema.js';

const listed = ['id', 'user_id', 'name', 'username', 'created_at', 'last_registered_at', 'last_contact'] as const;

/** Kysely queries of desk phones; bound to a transaction by the service. */
export function createDeskPhonesRepository(db: Kysely<Database>) {
  return {
    writeAudit: (entry: AuditEntry) => writeAudit(db, entry),
    findUser: (id: number) => db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst(),
    devicesOf: (userId: number) =>
      db.selectFrom('desk_phones').select(listed).where('user_id', '=', userId).orderBy('id').execute(),
    lockDevice: (id: number) =>
      db.selectFrom('desk_phones').select(listed).where('id', '=', id).forUpdate().executeTakeFirst(),
    insertDevice: (device: { user_id: number; name: string; username: string; ha1: string; created_by: number }) =>
      db.insertInto('desk_phones').values(device).returning(listed).executeTakeFirstOrThrow(),
    deleteDevice: async (id: number) => {
      await db.deleteFrom('desk_phones').where('id', '=', id).execute();
    },
    hasDevice: async (userId: number) =>
      (await db.selectFrom('desk_phones').select('id').where('user_id', '=', userId).limit(1).executeTakeFirst()) !==
      undefined,

    /** What Kamailio needs to check a desk phone's REGISTER: its HA1 and the extension of its agent (now). */
    credentialsOf: (username: string) =>
      db
        .selectFrom('desk_phones as d')
        .innerJoin('users as u', 'u.id', 'd.user_id')
        .select(['d.ha1', 'u.extension'])
        .where('d.username', '=', username)
        .where('u.archived', '=', false)
        .executeTakeFirst(),
    registered: async (username: string, contact: string, at: Date) => {
      await db
        .updateTable('desk_phones')
        .set({ last_registered_at: at, last_contact: contact })
        .where('username', '=', username)
        .execute();
    },
  };
}

export type DeskPhonesRepository = ReturnType<typeof createDeskPhonesRepository>;
