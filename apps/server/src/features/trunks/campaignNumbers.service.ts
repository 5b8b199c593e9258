import {
  type CampaignNumbers,
  type campaignNumberBodySchema,
  type campaignNumberTrunkBodySchema,
  NUMBERS_ONLY_INBOUND,
} from '@shiftline/shared';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Database, UserRow } from '../../db/schema.js';
import { conflict, notFound } from '../../plugins/errors.js';
import { refusingDuplicates, throwIfUnknown } from '../admin/index.js';
import { createTrunksRepository, type TrunksRepository } from './trunks.repository.js';

type NumberBody = z.output<typeof campaignNumberBodySchema>;
type TrunkBody = z.output<typeof campaignNumberTrunkBodySchema>;

/**
 * A campaign's numbers (the campaign form's "Phone numbers"): added, given a trunk, moved from another campaign
 * (only when asked to) and removed, each one transaction with its audit row. Calls already queued keep their
 * campaign: routing reads the number only when a call arrives.
 */
export function createCampaignNumbersService(db: Kysely<Database>) {
  const inTransaction = <T>(work: (trunks: TrunksRepository) => Promise<T>) =>
    refusingDuplicates(() => db.transaction().execute((trx) => work(createTrunksRepository(trx))));
  const reader = createTrunksRepository(db);

  async function lockCampaign(trunks: TrunksRepository, id: number) {
    const campaign = await trunks.lockCampaign(id);
    if (!campaign) throw notFound('No such campaign.');
    return campaign;
  }

  async function checkTrunk(trunks: TrunksRepository, trunkId: number | null) {
    if (trunkId !== null) throwIfUnknown('trunk_id', [trunkId], await trunks.existingTrunkIds([trunkId]));
  }

  /** The number, locked, when it is this campaign's; 404 otherwise (another campaign's is not this form's). */
  async function lockOwnNumber(trunks: TrunksRepository, campaignId: number, phone: string) {
    await lockCampaign(trunks, campaignId);
    const number = await trunks.lockNumber(phone);
    if (number?.campaign_id !== campaignId) throw notFound(`${phone} is not a number of this campaign.`);
    const { campaign_name: _name, ...row } = number;
    return row;
  }

  const audit = (
    trunks: TrunksRepository,
    actor: UserRow,
    action: string,
    phone: string,
    before: unknown,
    after: unknown,
  ) =>
    trunks.writeAudit({
      actorId: actor.id,
      action: `campaign_number.${action}`,
      subject: `campaign_number:${phone}`,
      details: { before, after },
    });

  return {
    async list(campaignId: number): Promise<CampaignNumbers> {
      const campaign = await reader.findCampaign(campaignId);
      if (!campaign) throw notFound('No such campaign.');
      return { numbers: await reader.numbersOfCampaign(campaignId), trunks: await reader.trunkChoices() };
    },

    /** 201 for a new number or a confirmed move; 409 for this campaign's own, or another's without `move`. */
    add: (actor: UserRow, campaignId: number, body: NumberBody) =>
      inTransaction(async (trunks) => {
        const campaign = await lockCampaign(trunks, campaignId);
        if (campaign.type !== 'inbound') {
          throw conflict(NUMBERS_ONLY_INBOUND, {
            phone: 'an outbound campaign takes no calls on numbers',
          });
        }
        await checkTrunk(trunks, body.trunk_id);
        const after = { phone: body.phone, campaign_id: campaignId, trunk_id: body.trunk_id };
        if (await trunks.insertNumber(after)) {
          await audit(trunks, actor, 'add', body.phone, null, after);
          return;
        }
        const current = await trunks.lockNumber(body.phone);
        // Removed between the two statements: the administrator tries again and it is added then.
        if (!current) throw conflict(`${body.phone} changed meanwhile; try again.`);
        if (current.campaign_id === campaignId) {
          throw conflict(`${body.phone} is already a number of this campaign.`, {
            phone: 'is already a number of this campaign',
          });
        }
        if (body.move !== true) {
          throw conflict(
            `${body.phone} is a number of the campaign "${current.campaign_name}". Move it here to take its calls.`,
            {
              phone: `belongs to the campaign "${current.campaign_name}"`,
              move: 'must be true to move it to this campaign',
            },
          );
        }
        await trunks.updateNumber(body.phone, { campaign_id: campaignId, trunk_id: body.trunk_id });
        const { campaign_name: _name, ...before } = current;
        await audit(trunks, actor, 'move', body.phone, before, after);
      }),

    setTrunk: (actor: UserRow, campaignId: number, phone: string, body: TrunkBody) =>
      inTransaction(async (trunks) => {
        const before = await lockOwnNumber(trunks, campaignId, phone);
        await checkTrunk(trunks, body.trunk_id);
        if (before.trunk_id === body.trunk_id) return;
        await trunks.updateNumber(phone, { campaign_id: campaignId, trunk_id: body.trunk_id });
        await audit(trunks, actor, 'edit', phone, before, { ...before, trunk_id: body.trunk_id });
      }),

    remove: (actor: UserRow, campaignId: number, phone: string) =>
      inTransaction(async (trunks) => {
        const before = await lockOwnNumber(trunks, campaignId, phone);
        await trunks.deleteNumber(phone);
        await audit(trunks, actor, 'remove', phone, before, null);
      }),
  };
}

export type CampaignNumbersService = ReturnType<typeof createCampaignNumbersService>;
