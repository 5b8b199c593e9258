import {
  type ColdCallAnswer,
  type ColdCallBody,
  type ColdCallMode,
  type ColdCallRow,
  campaignRoom,
  isOpenAt,
  isValidPhone,
  LIVE_ROOM,
  SOCKET_EVENTS,
  statusTitle,
  toE164,
} from '@shiftline/shared';
import type { Kysely } from 'kysely';
import type { Database, UserRow } from '../../db/schema.js';
import { conflict, forbidden, invalidField, notFound } from '../../plugins/errors.js';
import { type CallEngine, callPageUrl } from '../calls/index.js';
import { workingHoursOf } from '../campaigns/index.js';
import type { Realtime } from '../realtime/index.js';
import { toColdCallRow } from './coldCallRow.js';
import { type ColdCallListRow, createColdCallsRepository } from './coldCalls.repository.js';
import { coldCallRows } from './coldCallsTable.js';

/** Why an agent enabled on outbound campaigns may not dial now: none is within its working hours. */
const CAMPAIGNS_CLOSED_MESSAGE = 'Your outbound campaigns are closed now (outside their working hours).';

export type ColdCallsDeps = {
  db: Kysely<Database>;
  engine: CallEngine;
  /** Where list changes are announced; the simulator, a client of this service, has none (its dials announce). */
  realtime?: Realtime;
  now?: () => number;
};

/** Who asks: a signed-in user, or the simulator's agent (with the zone differences are shown in). */
export type ColdCallViewer = Pick<UserRow, 'id' | 'role' | 'agent_call_type' | 'timezone'>;

/** Raised inside the dial's transaction so it rolls back; answered as simultaneous_call (nothing changed). */
class SimultaneousCall extends Error {}

/**
 * Cold calls (operations spec §2, §2.8, §4, §7): the outbound campaigns' lead lists, taking a lead, letting it go,
 * and dialling it through the call engine. The call itself moves in the engine; the list's own writes (who holds
 * the lead, when it was called, by which call) are made in the engine's transaction that dials.
 */
/** A lead of a disabled list is not dialled (its list was disabled while the agent's table showed it). */
const listDisabled = () =>
  conflict("This lead's list has been disabled; it is not dialled.", { cold_call_id: 'is on a disabled list' });

export function createColdCallsService(deps: ColdCallsDeps) {
  const { db, engine, realtime } = deps;
  const now = () => new Date(deps.now?.() ?? Date.now());
  const read = createColdCallsRepository(db);

  const refresh = (campaignIds: Iterable<number>) => {
    for (const campaignId of new Set(campaignIds)) {
      realtime?.toRoom([campaignRoom(campaignId), LIVE_ROOM], SOCKET_EVENTS.coldCallsRefresh, {
        campaign_id: campaignId,
      });
    }
  };

  /** Campaigns the viewer may take and dial leads in: outbound campaigns they are enabled on. */
  const callableCampaignIds = async (viewer: ColdCallViewer) =>
    (await read.callCampaignsOf(viewer.id)).map((c) => c.id);
  /** The agent's callable campaigns open now (within their working hours): the next lead comes from these. */
  const openCampaignIds = async (viewer: ColdCallViewer) =>
    (await read.callCampaignsOf(viewer.id))
      .filter((campaign) => isOpenAt(workingHoursOf(campaign), now().getTime()))
      .map((c) => c.id);

  async function leadRow(viewer: ColdCallViewer, id: number): Promise<ColdCallRow | null> {
    const row = await coldCallRows({ db, viewer }).where('cc.id', '=', id).executeTakeFirst();
    return row ? toColdCallRow(row as ColdCallListRow, viewer, now().getTime()) : null;
  }

  /** Dials a lead (or redials a client): simultaneous calls are answered as such and change nothing. */
  async function dial(
    viewer: ColdCallViewer,
    target: { campaignId: number; clientId: number; phone: string; leadId: number | null; closing: number | null },
    checkSimultaneous: boolean,
  ): Promise<ColdCallAnswer> {
    try {
      const call = await engine.dial(
        viewer,
        { campaignId: target.campaignId, clientId: target.clientId, phone: target.phone, closing: target.closing },
        async (handle, created) => {
          const repo = createColdCallsRepository(handle);
          // Dials of one client queue on its row, so a second agent's check sees the first agent's call.
          await repo.lockClient(target.clientId);
          if (checkSimultaneous && (await repo.otherAgentOnCallWith(target.clientId, viewer.id))) {
            throw new SimultaneousCall();
          }
          const leadId = target.leadId ?? (await repo.ofClient(target.campaignId, target.clientId))?.id ?? null;
          if (leadId === null) return;
          await repo.lockAgent(viewer.id);
          const lead = await repo.lock(leadId);
          if (lead && lead.attached_agent_id !== null && lead.attached_agent_id !== viewer.id) {
            throw conflict('Another agent has taken this lead.', { cold_call_id: 'is taken by another agent' });
          }
          await repo.detachAgent(viewer.id, { keep: leadId });
          await repo.markCalled(leadId, viewer.id, created.id, new Date(created.queued_at));
        },
      );
      return {
        simultaneous_call: false,
        inquiry_id: Number(call.id),
        call_id: Number(call.id),
        url: callPageUrl(call.id),
      };
    } catch (error) {
      if (error instanceof SimultaneousCall) {
        return { simultaneous_call: true, inquiry_id: null, call_id: null, url: null };
      }
      throw error;
    }
  }

  /** {check_ivr}: whether the agent may dial now (Outbound Sales Calls, no call, an outbound campaign). */
  async function checkIvr(viewer: ColdCallViewer): Promise<ColdCallAnswer> {
    const info = await engine.statusInfo(viewer);
    const campaigns = await callableCampaignIds(viewer);
    const reason =
      campaigns.length === 0
        ? 'You are not enabled on an outbound campaign.'
        : info.status.name !== 'outbound_sales_calls'
          ? `Change to ${statusTitle('outbound_sales_calls')} to make calls.`
          : (await openCampaignIds(viewer)).length === 0
            ? CAMPAIGNS_CLOSED_MESSAGE
            : null;
    return { simultaneous_call: false, inquiry_id: null, call_id: null, url: null, ready: reason === null, reason };
  }

  return {
    /** GET /api/get_cold_calls_table_data */
    /**
     * POST /api/get_cold_call_for_agent: the lead (or, without an id, the next free one) is attached to the agent
     * and any other lead they held is let go, in one transaction. A lead another agent holds is refused (409).
     */
    async takeLead(viewer: ColdCallViewer, body: { cold_call_id: number | null; mode: ColdCallMode }) {
      const campaigns = await callableCampaignIds(viewer);
      // The next free lead comes from a campaign open now; a lead chosen by id may be opened at any hour (its dial
      // is what a closed campaign refuses).
      const openCampaigns = body.cold_call_id === null ? await openCampaignIds(viewer) : campaigns;
      const changed = await db.transaction().execute(async (trx) => {
        const repo = createColdCallsRepository(trx);
        await repo.lockAgent(viewer.id);
        const lead =
          body.cold_call_id === null ? await repo.nextFree(openCampaigns) : await repo.lock(body.cold_call_id);
        if (body.cold_call_id !== null) {
          if (!lead) throw notFound('No such cold call.');
          if (!campaigns.includes(lead.campaign_id)) throw forbidden('This lead is not in your campaigns.');
          if (!(await repo.listIsEnabled(lead.list_id))) throw listDisabled();
          if (lead.attached_agent_id !== null && lead.attached_agent_id !== viewer.id) {
            throw conflict('Another agent has taken this lead.', { cold_call_id: 'is taken by another agent' });
          }
        }
        if (!lead) return null;
        const released = await repo.detachAgent(viewer.id, { keep: lead.id });
        const definite = body.mode === 'definite' || (lead.attached_agent_id === viewer.id && lead.definite);
        await repo.attach(lead.id, viewer.id, definite, now());
        return { id: lead.id, campaigns: [...released, lead.campaign_id] };
      });
      if (!changed) return { cold_call: null };
      refresh(changed.campaigns);
      return { cold_call: await leadRow(viewer, changed.id) };
    },

    /** POST /api/clear_lead_attached_to_agent: the agent's lead (only a definite one, if asked) is let go. */
    async clearLead(viewer: ColdCallViewer, body: { only_definite_leads: boolean }) {
      const released = await db.transaction().execute(async (trx) => {
        const repo = createColdCallsRepository(trx);
        await repo.lockAgent(viewer.id);
        return repo.detachAgent(viewer.id, { onlyDefinite: body.only_definite_leads });
      });
      refresh(released);
      return { cleared: released.length };
    },

    /** POST /api/inquiries/cold_call in its three forms. */
    async coldCall(viewer: ColdCallViewer, body: ColdCallBody): Promise<ColdCallAnswer> {
      if (body.check_ivr !== undefined) return checkIvr(viewer);
      if (body.redial !== undefined && body.inquiry_id !== undefined) {
        const previous = await read.callOf(body.inquiry_id);
        if (!previous) throw notFound('No such call.');
        if (previous.agent_id !== viewer.id) throw forbidden('This is not your call.');
        if (previous.client_id === null) throw conflict('This call has no client to call again.');
        const client = await read.client(previous.client_id);
        const phone = toE164(client?.phone);
        if (!client || !phone)
          throw conflict("The client's phone is not a valid number.", { inquiry_id: 'has no valid phone' });
        if (!(await callableCampaignIds(viewer)).includes(previous.campaign_id)) {
          throw forbidden('This campaign is not one you dial for.');
        }
        return dial(
          viewer,
          { campaignId: previous.campaign_id, clientId: client.id, phone, leadId: null, closing: Number(previous.id) },
          true,
        );
      }
      const number = body.abonent_number as string;
      const phone = toE164(number);
      if (!phone) throw invalidField('abonent_number', 'is not a valid phone number');
      const lead = await read.find(body.cold_call_id as number);
      if (!lead) throw notFound('No such cold call.');
      if (!(await callableCampaignIds(viewer)).includes(lead.campaign_id)) {
        throw forbidden('This lead is not in your campaigns.');
      }
      if (!(await read.listIsEnabled(lead.list_id))) throw listDisabled();
      if (!isValidPhone(lead.phone) || toE164(lead.phone) !== phone) {
        throw invalidField('abonent_number', "is not the lead's phone");
      }
      return dial(
        viewer,
        { campaignId: lead.campaign_id, clientId: lead.client_id, phone, leadId: lead.id, closing: null },
        body.check_simultaneous_calls !== false,
      );
    },
  };
}

export type ColdCallsService = ReturnType<typeof createColdCallsService>;
