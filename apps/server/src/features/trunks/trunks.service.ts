import { type AdminTrunk, NUMBERS_ONLY_INBOUND, type trunkBodySchema } from '@shiftline/shared';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Database, UserRow } from '../../db/schema.js';
import { AppError, conflict, notFound } from '../../plugins/errors.js';
import { refusingDuplicates, throwIfTaken, throwIfUnknown } from '../admin/index.js';
import type { PasswordSeal } from './trunkPassword.js';
import { createTrunksRepository, type TrunkColumns, type TrunksRepository } from './trunks.repository.js';

type TrunkFields = z.output<typeof trunkBodySchema>;

/** Two rows of one form naming the same thing (a number twice, a campaign twice): 400 on that field. */
function throwIfRepeated(field: string, values: readonly (string | number)[]) {
  const repeated = values.filter((value, index) => values.indexOf(value) !== index);
  if (repeated.length > 0) {
    const reason = `names ${[...new Set(repeated)].slice(0, 5).join(', ')} more than once`;
    throw new AppError('validation_failed', `${field} ${reason}`, { [field]: reason });
  }
}

/** The audit log's view of a trunk: everything but the password, which it records only as set or not. */
const audited = ({ auth_password_sealed, ...trunk }: TrunkColumns & { id: number }, extra: object) => ({
  ...trunk,
  has_password: auth_password_sealed !== null,
  ...extra,
});

/** Carrier trunks: each write one transaction with its audit row. */
export function createTrunksService(deps: { db: Kysely<Database>; seal: PasswordSeal }) {
  const { db, seal } = deps;
  const inTransaction = <T>(work: (trunks: TrunksRepository) => Promise<T>) =>
    refusingDuplicates(() => db.transaction().execute((trx) => work(createTrunksRepository(trx))));
  const reader = createTrunksRepository(db);

  async function check(trunks: TrunksRepository, body: TrunkFields, exceptId: number | null) {
    throwIfRepeated(
      'numbers',
      body.numbers.map((number) => number.phone),
    );
    throwIfRepeated(
      'caller_ids',
      body.caller_ids.map((row) => row.campaign_id),
    );
    const campaignIds = [...new Set([...body.numbers, ...body.caller_ids].map((row) => row.campaign_id))];
    const existing = await trunks.existingCampaigns(campaignIds);
    const ids = new Set(existing.keys());
    throwIfUnknown(
      'numbers',
      body.numbers.map((row) => row.campaign_id),
      ids,
    );
    throwIfUnknown(
      'caller_ids',
      body.caller_ids.map((row) => row.campaign_id),
      ids,
    );
    // A number reaches an inbound campaign (routing takes calls only there), as the campaign form's numbers say.
    const toOutbound = body.numbers.findIndex((row) => existing.get(row.campaign_id) !== 'inbound');
    if (toOutbound !== -1) {
      throw conflict(NUMBERS_ONLY_INBOUND, { [`numbers.${toOutbound}.campaign_id`]: 'is not an inbound campaign' });
    }
    const otherNumbers = await trunks.numbersOfOtherTrunks(
      body.numbers.map((row) => row.phone),
      exceptId,
    );
    if (otherNumbers.length > 0) {
      const reason = `${otherNumbers.slice(0, 5).join(', ')} already delivered by another trunk`;
      throw new AppError('conflict', `numbers: ${reason}`, { numbers: reason });
    }
    const otherCampaigns = await trunks.campaignsOfOtherTrunks(
      body.caller_ids.map((row) => row.campaign_id),
      exceptId,
    );
    if (otherCampaigns.length > 0) {
      const reason = `campaigns ${otherCampaigns.slice(0, 5).join(', ')} already call out through another trunk`;
      throw new AppError('conflict', `caller_ids: ${reason}`, { caller_ids: reason });
    }
    throwIfTaken({ name: await trunks.nameTaken(body.name, exceptId) });
    if (body.caller_ids.length > 0 && body.outbound_address === null) {
      throw new AppError('validation_failed', 'outbound_address is required for campaigns calling out', {
        outbound_address: 'is required when campaigns call out through the trunk',
      });
    }
    if (body.auth_username === null && body.auth_password) {
      throw new AppError('validation_failed', 'auth_password needs a username', {
        auth_password: 'needs auth_username',
      });
    }
  }

  /** The columns a form writes: a password given is sealed; omitted keeps `kept`; a cleared username clears it. */
  const columnsOf = (body: TrunkFields, kept: string | null): TrunkColumns => ({
    name: body.name,
    source_addresses: [...new Set(body.source_addresses)],
    outbound_address: body.outbound_address,
    auth_username: body.auth_username,
    auth_password_sealed:
      body.auth_username === null || body.auth_password === null
        ? null
        : body.auth_password === undefined
          ? kept
          : seal.seal(body.auth_password),
  });

  async function formOf(trunks: TrunksRepository, id: number) {
    const trunk = await trunks.findTrunk(id);
    if (!trunk) return null;
    return { trunk, numbers: await trunks.numbersOf(id), callerIds: await trunks.callerIdsOf(id) };
  }

  return {
    async getTrunk(id: number): Promise<AdminTrunk> {
      const form = await formOf(reader, id);
      if (!form) throw notFound('No such trunk.');
      const { auth_password_sealed, ...trunk } = form.trunk;
      return {
        ...trunk,
        has_password: auth_password_sealed !== null,
        numbers: form.numbers,
        caller_ids: form.callerIds,
      };
    },

    createTrunk: (actor: UserRow, body: TrunkFields) =>
      inTransaction(async (trunks) => {
        await check(trunks, body, null);
        const columns = columnsOf(body, null);
        const id = await trunks.insertTrunk(columns);
        await trunks.setNumbers(id, body.numbers);
        await trunks.setCallerIds(id, body.caller_ids);
        await trunks.writeAudit({
          actorId: actor.id,
          action: 'trunk.create',
          subject: `trunk:${id}`,
          details: {
            before: null,
            after: audited({ id, ...columns }, { numbers: body.numbers, caller_ids: body.caller_ids }),
          },
        });
        return id;
      }),

    editTrunk: (actor: UserRow, id: number, body: TrunkFields) =>
      inTransaction(async (trunks) => {
        const locked = await trunks.lockTrunk(id);
        if (!locked) throw notFound('No such trunk.');
        await check(trunks, body, id);
        const before = audited(locked, {
          numbers: await trunks.numbersOf(id),
          caller_ids: await trunks.callerIdsOf(id),
        });
        const columns = columnsOf(body, locked.auth_password_sealed);
        await trunks.updateTrunk(id, columns);
        await trunks.setNumbers(id, body.numbers);
        await trunks.setCallerIds(id, body.caller_ids);
        await trunks.writeAudit({
          actorId: actor.id,
          action: 'trunk.edit',
          subject: `trunk:${id}`,
          details: {
            before,
            after: audited({ id, ...columns }, { numbers: body.numbers, caller_ids: body.caller_ids }),
            password_changed: typeof body.auth_password === 'string',
          },
        });
      }),

    /** Its numbers stay with their campaigns but take no calls until a trunk delivers them again. */
    deleteTrunk: (actor: UserRow, id: number) =>
      inTransaction(async (trunks) => {
        const locked = await trunks.lockTrunk(id);
        if (!locked) throw notFound('No such trunk.');
        const before = audited(locked, {
          numbers: await trunks.numbersOf(id),
          caller_ids: await trunks.callerIdsOf(id),
        });
        await trunks.deleteTrunk(id);
        await trunks.writeAudit({
          actorId: actor.id,
          action: 'trunk.delete',
          subject: `trunk:${id}`,
          details: { before, after: null },
        });
      }),
  };
}

export type TrunksService = ReturnType<typeof createTrunksService>;
