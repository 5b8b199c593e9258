import { createHash, randomBytes } from 'node:crypto';
import type { DeskPhone, DeskPhoneBody, DeskPhoneCreated } from '@shiftline/shared';
import type { Kysely } from 'kysely';
import type { SipConfig } from '../../config.js';
import type { Database, UserRow } from '../../db/schema.js';
import { conflict, notFound } from '../../plugins/errors.js';
import { checkMayChange } from '../admin/index.js';
import type { KamailioClient } from '../telephony/index.js';
import { createDeskPhonesRepository, type DeskPhonesRepository } from './deskPhones.repository.js';

/** A desk phone's digest HA1 (RFC 2617), what Kamailio checks with pv_www_authenticate: the password is not kept. */
export const deskPhoneHa1 = (username: string, realm: string, password: string) =>
  createHash('md5').update(`${username}:${realm}:${password}`).digest('hex');

/**
 * A device username: 'desk' and random letters, never '<expiry>:<extension>' (the browsers' ephemeral form), so
 * Kamailio tells the two apart by the colon.
 */
const newUsername = () => `desk${randomBytes(6).toString('hex')}`;
/** 24 characters from the URL-safe base64 alphabet (144 bits): typed once into the phone's web page. */
const newPassword = () => randomBytes(18).toString('base64url');

type Row = Awaited<ReturnType<DeskPhonesRepository['devicesOf']>>[number];
const presented = (row: Row): DeskPhone => ({
  id: row.id,
  name: row.name,
  username: row.username,
  created_at: row.created_at.toISOString(),
  last_registered_at: row.last_registered_at?.toISOString() ?? null,
});

/**
 * Desk phones: long-lived SIP credentials of one agent's device, revocable one at a time. Each write one transaction
 * with its audit row; revoking also drops the device's current registration from Kamailio (best effort: its next
 * REGISTER fails anyway).
 */
export function createDeskPhonesService(deps: {
  db: Kysely<Database>;
  sip: SipConfig | null;
  kamailio: Pick<KamailioClient, 'removeContact'> | null;
  log: { warn: (object: object, message: string) => void };
}) {
  const { db, sip } = deps;
  const inTransaction = <T>(work: (phones: DeskPhonesRepository) => Promise<T>) =>
    db.transaction().execute((trx) => work(createDeskPhonesRepository(trx)));
  const reader = createDeskPhonesRepository(db);

  async function agentOf(phones: DeskPhonesRepository, actor: UserRow, userId: number) {
    const user = await phones.findUser(userId);
    if (!user) throw notFound('No such user.');
    checkMayChange(actor, user, 'edit');
    return user;
  }

  return {
    async list(actor: UserRow, userId: number): Promise<{ devices: DeskPhone[] }> {
      await agentOf(reader, actor, userId);
      return { devices: (await reader.devicesOf(userId)).map(presented) };
    },

    add: (actor: UserRow, userId: number, body: DeskPhoneBody): Promise<DeskPhoneCreated> =>
      inTransaction(async (phones) => {
        if (!sip) throw conflict('Desk phones need the SIP server (TELEPHONY=sip).');
        const user = await agentOf(phones, actor, userId);
        if (!user.extension) {
          throw conflict('Give the user an extension first: the desk phone registers it.', {
            extension: 'is required for a desk phone',
          });
        }
        const username = newUsername();
        const password = newPassword();
        const row = await phones.insertDevice({
          user_id: userId,
          name: body.name,
          username,
          ha1: deskPhoneHa1(username, sip.domain, password),
          created_by: actor.id,
        });
        await phones.writeAudit({
          actorId: actor.id,
          action: 'desk_phone.create',
          subject: `user:${userId}`,
          details: { before: null, after: { id: row.id, name: row.name, username } },
        });
        return {
          status: 'ok' as const,
          device: presented(row),
          credentials: {
            username,
            password,
            extension: user.extension,
            sip_domain: sip.domain,
            sip_server: `${sip.domain}:${sip.port}`,
          },
        };
      }),

    async revoke(actor: UserRow, id: number): Promise<void> {
      const revoked = await inTransaction(async (phones) => {
        const device = await phones.lockDevice(id);
        if (!device) throw notFound('No such desk phone.');
        const user = await agentOf(phones, actor, device.user_id);
        await phones.deleteDevice(id);
        await phones.writeAudit({
          actorId: actor.id,
          action: 'desk_phone.revoke',
          subject: `user:${device.user_id}`,
          details: { before: { id, name: device.name, username: device.username }, after: null },
        });
        return { device, extension: user.extension };
      });
      const { device, extension } = revoked;
      if (deps.kamailio && sip && extension && device.last_contact) {
        await deps.kamailio
          .removeContact(`${extension}@${sip.domain}`, device.last_contact)
          .catch((error: unknown) =>
            deps.log.warn({ err: error, device: id }, 'revoked desk phone: its registration stays until it expires'),
          );
      }
    },

    /** Kamailio's question on a desk phone's REGISTER: 'device <ha1> <extension>', or 'unknown'. */
    async credentialsOf(username: string): Promise<string> {
      const found = await reader.credentialsOf(username);
      return found?.extension ? `device ${found.ha1} ${found.extension}` : 'unknown';
    },
    registered: (username: string, contact: string, at: Date) => reader.registered(username, contact, at),
    hasDevice: (userId: number) => reader.hasDevice(userId),
  };
}

export type DeskPhonesService = ReturnType<typeof createDeskPhonesService>;
