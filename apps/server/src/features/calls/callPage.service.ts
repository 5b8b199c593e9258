import {
  allowedTransitions,
  type CallData,
  type CallLead,
  type CallState,
  commissionOf,
  isLiveStatus,
  LIVE_CALL_STATES,
  READS_ANY_CALL,
  type Role,
  type Sales,
  type SetNewSalesBody,
  statusTitle,
  type UpdateClientBody,
} from '@shiftline/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { conflict, forbidden, invalidField, notFound } from '../../plugins/errors.js';
import { blacklistClient } from '../blocking/index.js';
import { listedAgent } from '../users/index.js';
import { createAgentStatesRepository } from './agentStates.repository.js';
import type { Agent } from './callEngine.js';
import { type CallDetailsRow, type CallRow, createCallsRepository } from './calls.repository.js';
import { addCallerToDoNotCall, offeredDispositions, offeredProducts } from './campaignCatalog.js';

const iso = (value: Date | null) => (value ? new Date(value).toISOString() : null);

/** The spec's call data, from the call page's row. */
export function toCallData(row: CallDetailsRow): CallData {
  const status = (row.status ?? (row.abandoned ? 'abandoned' : 'ended')) as CallState;
  return {
    inquiry_id: Number(row.id),
    current_call_id: Number(row.id),
    direction: row.direction,
    status,
    campaign: { id: row.campaign_id, name: row.campaign_name, type: row.campaign_type },
    agent_id: row.agent_id,
    call_from_number: row.client_phone,
    client_id: row.client_id,
    client_phone: row.client_phone ?? '',
    first_name: row.first_name ?? '',
    last_name: row.last_name ?? '',
    email: row.email,
    country: row.country ?? '',
    address_line1: row.address_line1,
    address_line2: row.address_line2,
    city: row.city,
    state: row.state,
    zip: row.zip,
    height: row.height,
    weight: row.weight,
    blocked: row.blocked ?? false,
    queued_at: new Date(row.queued_at).toISOString(),
    offered_at: iso(row.offered_at),
    answered_at: iso(row.answered_at),
    ended_at: iso(row.ended_at ?? row.hung_up_at),
    ended_by_restart: row.end_reason === 'restart',
    notes: row.notes ?? '',
    disposition: row.disposition_id !== null ? { id: row.disposition_id, title: row.disposition_title ?? '' } : null,
    transfer_type: row.transfer_type,
    callback: row.callback_at
      ? {
          date_time: new Date(row.callback_at).toISOString(),
          user_name: row.callback_first_name ? `${row.callback_first_name} ${row.callback_second_name}` : null,
          user_avatar: row.callback_avatar,
          user_role: row.callback_role,
          voice_mail: row.voice_mail,
        }
      : null,
    voice_mail: row.voice_mail,
    missed: row.missed,
    handed_over: false,
    after_call_statuses: allowedTransitions('after_call_work', row.agent_call_type).map((name) => ({
      name,
      title: statusTitle(name),
    })),
    lead: leadOf(row),
  };
}

/** A lead list column by name, any case ('Sales URL', 'sales_url'); null when the list has none or it is empty. */
function leadField(fields: Record<string, string> | null, ...names: string[]): string | null {
  const wanted = new Set(names);
  for (const [name, value] of Object.entries(fields ?? {})) {
    if (
      wanted.has(
        name
          .trim()
          .toLowerCase()
          .replace(/[\s-]+/g, '_'),
      ) &&
      value.trim() !== ''
    )
      return value.trim();
  }
  return null;
}

/** The call's lead as the call data says it (spec §3): see callLeadSchema. */
function leadOf(row: CallDetailsRow): CallLead | null {
  if (row.lead_id === null || row.lead_created_at === null) return null;
  const fields = row.lead_custom_fields;
  return {
    cold_call_id: row.lead_id,
    create_time: new Date(row.lead_created_at).toISOString(),
    status: row.lead_status ?? (row.lead_last_called_at ? 'Called' : 'New'),
    product: leadField(fields, 'product'),
    service: leadField(fields, 'service'),
    source: leadField(fields, 'source') ?? row.lead_list_name,
    sales_url: leadField(fields, 'sales_url', 'salesurl', 'url'),
    created: row.first_of_client,
  };
}

/**
 * Whether the agent passed the call on (a transfer moved it to another agent) and is still in after-call work for
 * their part of it: their open state row is after-call work on this call, and the call is someone else's now.
 */
export async function handedOverBy(
  db: Kysely<Database>,
  agentId: number,
  call: { id: number | string; agent_id: number | null },
): Promise<boolean> {
  if (call.agent_id === agentId) return false;
  const open = await createAgentStatesRepository(db).current(agentId);
  return open?.state === 'after_call_work' && open.call_id !== null && String(open.call_id) === String(call.id);
}

/**
 * What an agent does on the call page while the call is theirs and live: the client card, notes, disposition,
 * callback, blacklist, transfer type and sales. Each write checks the call is the agent's and still live.
 */
export function createCallPageService(deps: { db: Kysely<Database>; now?: () => number }) {
  const { db } = deps;
  const calls = createCallsRepository(db);
  const now = () => new Date(deps.now?.() ?? Date.now());

  async function details(callId: number | string): Promise<CallDetailsRow> {
    const row = await calls.details(callId);
    if (!row) throw notFound('No such call.');
    return row;
  }

  /**
   * Runs a write on the agent's own live call, the call locked; answers the call data after it. With `handedOver`,
   * an agent who passed the call on and is in after-call work for their part may write too (their notes).
   */
  async function onOwnLiveCall(
    agent: Agent,
    callId: number,
    write: (trx: Kysely<Database>, call: CallRow) => Promise<void>,
    options: { handedOver?: boolean } = {},
  ): Promise<CallData> {
    const handedOver = await db.transaction().execute(async (trx) => {
      const call = await createCallsRepository(trx).lock(callId);
      if (!call) throw notFound('No such call.');
      const passedOn = options.handedOver === true && (await handedOverBy(trx, agent.id, call));
      if (call.agent_id !== agent.id && !passedOn) throw forbidden('This is not your call.');
      if (!call.status || !LIVE_CALL_STATES.includes(call.status)) {
        throw conflict('The call has ended; it can no longer be changed.', { call_id: 'has ended' });
      }
      await write(trx, call);
      return passedOn;
    });
    return { ...toCallData(await details(callId)), handed_over: handedOver };
  }

  async function readSales(callId: number | string): Promise<Sales> {
    const lines = await db
      .selectFrom('sale_lines as s')
      .innerJoin('products as p', 'p.id', 's.product_id')
      .select(['s.product_id', 'p.name', 's.quantity', 's.amount_cents', 's.created_at'])
      .where('s.call_id', '=', String(callId))
      .orderBy('s.id')
      .execute();
    return {
      sales: lines.map(({ product_id, name, quantity, amount_cents }) => ({
        product_id,
        name,
        quantity,
        amount_cents,
      })),
      sale_posted: lines.length > 0,
      complete_date: lines[0] ? new Date(lines[0].created_at).toISOString() : null,
      total_cents: lines.reduce((sum, line) => sum + line.amount_cents, 0),
      url: leadOf(await details(callId))?.sales_url ?? null,
    };
  }

  return {
    /** GET /api/inquiries/:id/get_call_data: the call's agent, the agent who passed it on, or a supervising role. */
    async callData(viewer: Agent, callId: number): Promise<CallData> {
      const row = await details(callId);
      const handedOver = await handedOverBy(db, viewer.id, row);
      if (row.agent_id !== viewer.id && !handedOver && !READS_ANY_CALL.includes(viewer.role))
        throw forbidden('This is not your call.');
      return { ...toCallData(row), handed_over: handedOver };
    },

    /** GET /api/inquiries/get_call_for_user: the agent's live call, if any. */
    async callForUser(agent: Agent): Promise<CallData | null> {
      const id = await calls.liveCallOf(agent.id);
      return id === null ? null : toCallData(await details(id));
    },

    campaignByPhone: (phone: string) => calls.campaignOfNumber(phone.replace(/[^\d+]/g, '')),

    /** The call's notes: its agent's, and those of the agent who passed it on, in their after-call work. */
    setNotes: (agent: Agent, callId: number, notes: string) =>
      onOwnLiveCall(
        agent,
        callId,
        async (trx, call) => {
          await createCallsRepository(trx).update(call.id, { notes });
        },
        { handedOver: true },
      ),

    updateClient: (agent: Agent, callId: number, body: UpdateClientBody) =>
      onOwnLiveCall(agent, callId, async (trx, call) => {
        if (call.client_id === null) throw conflict('The call has no client.');
        await trx
          .updateTable('clients')
          .set({
            first_name: body.first_name,
            last_name: body.last_name,
            email: body.email || null,
            country: body.country,
            address_line1: body.address_line1 || null,
            address_line2: body.address_line2 || null,
            city: body.city || null,
            state: body.state || null,
            zip: body.zip || null,
            ...(body.height !== undefined ? { height: body.height || null } : {}),
            ...(body.weight !== undefined ? { weight: body.weight || null } : {}),
          })
          .where('id', '=', call.client_id)
          .execute();
      }),

    setCallBack: (agent: Agent, callId: number, at: number | undefined) =>
      onOwnLiveCall(agent, callId, async (trx, call) => {
        const when = at === undefined ? now() : new Date(at * 1000);
        // A minute's grace for the clocks of the agent's machine and the server.
        if (when.getTime() < now().getTime() - 60_000) throw invalidField('date_time', 'must not be in the past');
        await createCallsRepository(trx).update(call.id, {
          callback_requested: true,
          callback_at: when,
          callback_user_id: agent.id,
        });
      }),

    unsetCallBack: (agent: Agent, callId: number) =>
      onOwnLiveCall(agent, callId, async (trx, call) => {
        await createCallsRepository(trx).update(call.id, {
          callback_requested: false,
          callback_at: null,
          callback_user_id: null,
        });
      }),

    /** Blocks the caller's number: their client is marked blocked (the blacklist), by whom and when (audited). */
    blacklist: (agent: Agent, callId: number) =>
      onOwnLiveCall(agent, callId, async (trx, call) => {
        if (call.client_id === null) throw conflict('The call has no client.');
        await blacklistClient(trx, agent.id, call.client_id, now());
      }),

    updateTransferType: (agent: Agent, callId: number, transferType: string | null) =>
      onOwnLiveCall(agent, callId, async (trx, call) => {
        await createCallsRepository(trx).update(call.id, { transfer_type: transferType });
      }),

    /** GET /api/inquiries/:id/get_operators_from_campaign: who a call can be transferred to, with their status. */
    async operators(viewer: Agent, callId: number, role: Role | undefined) {
      const call = await details(callId);
      if (call.agent_id !== viewer.id && !READS_ANY_CALL.includes(viewer.role))
        throw forbidden('This is not your call.');
      const rows = await db
        .selectFrom('campaign_agents as ca')
        .innerJoin('users', 'users.id', 'ca.user_id')
        .leftJoin('agent_state_log as s', (join) => join.onRef('s.user_id', '=', 'users.id').on('s.end_at', 'is', null))
        .select(['users.id', 'users.first_name', 'users.second_name', 'users.role', 'users.extension', 's.state'])
        .where('ca.campaign_id', '=', call.campaign_id)
        .where('ca.is_disabled', '=', false)
        .where(listedAgent)
        .where('users.id', '<>', viewer.id)
        .$if(role !== undefined, (query) => query.where('users.role', '=', role as Role))
        .orderBy('users.first_name')
        .orderBy('users.second_name')
        .execute();
      return {
        operators: rows.map((row) => {
          const status = row.state && isLiveStatus(row.state) ? row.state : 'logged_out';
          return {
            id: row.id,
            name: `${row.first_name} ${row.second_name}`,
            role: row.role,
            extension: row.extension,
            status,
            status_title: statusTitle(status),
          };
        }),
      };
    },

    /**
     * GET /api/dispositions/get_dispositions/:callId: the dispositions the call's campaign offers (its own and the
     * centre-wide ones of its type, not archived), in the administration's order.
     */
    async dispositions(viewer: Agent, callId: number) {
      const call = await details(callId);
      if (call.agent_id !== viewer.id && !READS_ANY_CALL.includes(viewer.role))
        throw forbidden('This is not your call.');
      const rows = await offeredDispositions(db, call.campaign_id, call.campaign_type)
        .select(['id', 'title'])
        .orderBy('position')
        .orderBy('title')
        .execute();
      return { dispositions: rows, selected: call.disposition_id };
    },

    /**
     * POST /api/dispositions/set_disposition/:callId: one the call's campaign offers, or refused. One that needs a
     * callback time is refused until the call has one; one that adds to the do-not-call list puts the caller's
     * number there in the same transaction.
     */
    async setDisposition(agent: Agent, callId: number, dispositionId: number) {
      await onOwnLiveCall(agent, callId, async (trx, call) => {
        const known = await trx
          .selectFrom('dispositions')
          .select(['campaign_type', 'campaign_id'])
          .where('id', '=', dispositionId)
          .executeTakeFirst();
        if (!known) throw invalidField('disposition', 'is not a disposition');
        if (known.campaign_type !== call.direction) {
          throw conflict(`That disposition is for ${known.campaign_type} calls; this call is ${call.direction}.`, {
            disposition: `is for ${known.campaign_type} calls`,
          });
        }
        const disposition = await offeredDispositions(trx, call.campaign_id, call.direction)
          .select(['callback_required', 'adds_to_dnc', 'title'])
          .where('id', '=', dispositionId)
          .executeTakeFirst();
        if (!disposition) {
          throw conflict("That disposition is not one this call's campaign offers.", {
            disposition: 'is not offered on this campaign',
          });
        }
        if (disposition.callback_required && call.callback_at === null) {
          throw conflict(`'${disposition.title}' needs a callback time: set the callback first.`, {
            disposition: 'needs a callback time',
          });
        }
        await createCallsRepository(trx).update(call.id, { disposition_id: dispositionId });
        if (disposition.adds_to_dnc) await addCallerToDoNotCall(trx, call.id, agent.id);
      });
    },

    /** The products on sale: every campaign's, and with a call, that call's campaign's own. */
    products: async (callId?: number) => {
      const query =
        callId === undefined
          ? db.selectFrom('products').where('active', '=', true).where('campaign_id', 'is', null)
          : offeredProducts(db, (await details(callId)).campaign_id);
      return { products: await query.select(['id', 'name', 'price_cents', 'currency']).orderBy('name').execute() };
    },

    getSales: async (viewer: Agent, callId: number): Promise<Sales> => {
      const call = await details(callId);
      if (call.agent_id !== viewer.id && !READS_ANY_CALL.includes(viewer.role))
        throw forbidden('This is not your call.');
      return readSales(callId);
    },

    /**
     * POST /api/sales/:callId/set_new_sales: the call's sale, replacing what was posted before. The call's lead is
     * a valid, sold one with the sale's amount and the agent's commission.
     */
    async setSales(agent: Agent, callId: number, body: SetNewSalesBody): Promise<Sales> {
      await onOwnLiveCall(agent, callId, async (trx, call) => {
        const ids = [...new Set(body.sales.map((line) => line.product_id))];
        if (ids.length !== body.sales.length) throw invalidField('sales', 'must list each product once');
        const products = await offeredProducts(trx, call.campaign_id)
          .select(['id', 'price_cents', 'commission_cents'])
          .where('id', 'in', ids)
          .execute();
        const price = new Map(products.map((product) => [product.id, product.price_cents]));
        const perUnit = new Map(products.map((product) => [product.id, product.commission_cents]));
        const unknown = ids.find((id) => !price.has(id));
        if (unknown !== undefined) throw invalidField('sales', `names product ${unknown}, which is not on sale`);
        const at = body.complete_date === undefined ? now() : new Date(body.complete_date * 1000);
        const lines = body.sales.map((line) => ({
          call_id: call.id,
          product_id: line.product_id,
          quantity: line.quantity,
          amount_cents: (price.get(line.product_id) as number) * line.quantity,
          created_at: at,
        }));
        const amount = lines.reduce((sum, line) => sum + line.amount_cents, 0);
        // A product with its own commission earns it per unit; the others, the centre's rule on their amount.
        const ownRate = (line: (typeof lines)[number]) => perUnit.get(line.product_id) ?? null;
        const commission =
          lines.reduce((sum, line) => sum + (ownRate(line) ?? 0) * line.quantity, 0) +
          commissionOf(
            lines.filter((line) => ownRate(line) === null).reduce((sum, line) => sum + line.amount_cents, 0),
          );
        await trx.deleteFrom('sale_lines').where('call_id', '=', call.id).execute();
        await trx.insertInto('sale_lines').values(lines).execute();
        await trx
          .insertInto('sales_leads')
          .values({
            call_id: call.id,
            campaign_id: call.campaign_id,
            agent_id: agent.id,
            created_at: at,
            valid: true,
            sold: true,
            amount_cents: amount,
            commission_cents: commission,
          })
          .onConflict((conflictOn) =>
            conflictOn.column('call_id').doUpdateSet({
              valid: true,
              sold: true,
              amount_cents: amount,
              commission_cents: commission,
              created_at: at,
            }),
          )
          .execute();
      });
      return readSales(callId);
    },

    /** POST /api/sales/:callId/clear_sales: the sale is withdrawn; the lead stays, unsold. */
    async clearSales(agent: Agent, callId: number): Promise<Sales> {
      await onOwnLiveCall(agent, callId, async (trx, call) => {
        await trx.deleteFrom('sale_lines').where('call_id', '=', call.id).execute();
        await trx
          .updateTable('sales_leads')
          .set({ sold: false, amount_cents: 0, commission_cents: 0 })
          .where('call_id', '=', call.id)
          .execute();
      });
      return readSales(callId);
    },
  };
}

export type CallPageService = ReturnType<typeof createCallPageService>;
