import type { CampaignType } from '@shiftline/shared';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.js';
import { conflict } from '../../plugins/errors.js';
import type { CallRow } from './calls.repository.js';

/*
 * What a call's campaign offers its agents: its own dispositions and products, and the centre-wide ones (no
 * campaign) of its type. One rule for the call page's lists and for the checks when an agent chooses.
 */

/** The dispositions a campaign offers (not archived); the caller selects the columns. */
export const offeredDispositions = (db: Kysely<Database>, campaignId: number, type: CampaignType) =>
  db
    .selectFrom('dispositions')
    .where('archived', '=', false)
    .where('campaign_type', '=', type)
    .where((eb) => eb.or([eb('campaign_id', 'is', null), eb('campaign_id', '=', campaignId)]));

/** The products on sale on a campaign's calls; the caller selects the columns. */
export const offeredProducts = (db: Kysely<Database>, campaignId: number) =>
  db
    .selectFrom('products')
    .where('active', '=', true)
    .where((eb) => eb.or([eb('campaign_id', 'is', null), eb('campaign_id', '=', campaignId)]));

/** The call's caller goes on the do-not-call list (a disposition that says so), once. */
export async function addCallerToDoNotCall(db: Kysely<Database>, callId: number | string, agentId: number) {
  await sql`
    INSERT INTO do_not_call (phone, note, created_by)
    SELECT coalesce(cl.phone_e164, cl.phone), 'Disposition of call ' || c.id, ${agentId}
    FROM calls c JOIN clients cl ON cl.id = c.client_id
    WHERE c.id = ${String(callId)} AND coalesce(cl.phone_e164, cl.phone) ~ '^\\+[1-9][0-9]{6,14}$'
    ON CONFLICT (phone) DO NOTHING`.execute(db);
}

/**
 * The after-call form closes only with a callback time when its disposition needs one (the time may have been
 * cleared after the disposition was chosen). 409 naming the disposition otherwise.
 */
export async function refuseClosingWithoutCallback(db: Kysely<Database>, call: CallRow) {
  if (call.disposition_id === null || call.callback_at !== null) return;
  const disposition = await db
    .selectFrom('dispositions')
    .select(['title', 'callback_required'])
    .where('id', '=', call.disposition_id)
    .executeTakeFirst();
  if (disposition?.callback_required) {
    throw conflict(`'${disposition.title}' needs a callback time: set the callback before closing the call.`, {
      disposition: 'needs a callback time',
    });
  }
}
