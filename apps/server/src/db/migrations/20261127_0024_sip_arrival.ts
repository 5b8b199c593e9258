import { type Kysely, sql } from 'kysely';

/**
 * A SIP caller's first question, answered in one round trip (features/telephony/sipLegs.ts): the INVITE's Call-ID
 * already named (a re-ask after 'wait'), else the campaign of the dialled number, the engine's arrival (call_arrives,
 * migration 0023) and the naming of the INVITE's leg. The naming and a cancel of the same INVITE meet on its
 * sip_call_ids row, so exactly one of the two sees the other (left_early: the caller had cancelled already).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE FUNCTION sip_call_arrives(
      p_sip_call_id text, p_cseq integer, p_dialled text, p_caller text, p_at timestamptz, p_left_early_seconds integer
    ) RETURNS jsonb
    LANGUAGE plpgsql AS $$
    DECLARE
      v_known bigint;
      v_campaign integer;
      v_type text;
      v_arrival jsonb;
      v_call_id bigint;
      v_left_early boolean;
    BEGIN
      SELECT call_id INTO v_known FROM sip_call_ids WHERE sip_call_id = p_sip_call_id;
      IF v_known IS NOT NULL THEN RETURN jsonb_build_object('known', v_known::text); END IF;
      SELECT c.id, c.type INTO v_campaign, v_type
      FROM campaign_numbers n JOIN campaigns c ON c.id = n.campaign_id AND NOT c.archived
      WHERE n.phone = p_dialled LIMIT 1;
      IF v_campaign IS NULL THEN RETURN jsonb_build_object('no_campaign', true); END IF;
      IF v_type <> 'inbound' THEN RETURN jsonb_build_object('not_inbound', true); END IF;
      v_arrival := call_arrives(v_campaign, p_caller, p_dialled, NULL, p_at, false, false);
      IF v_arrival ? 'refused' THEN RETURN v_arrival; END IF;
      v_call_id := (v_arrival #>> '{call,id}')::bigint;
      INSERT INTO sip_legs (call_id, sip_call_id, cseq) VALUES (v_call_id, p_sip_call_id, p_cseq)
      ON CONFLICT (call_id) DO NOTHING;
      INSERT INTO sip_call_ids (sip_call_id, call_id) VALUES (p_sip_call_id, v_call_id)
      ON CONFLICT (sip_call_id) DO UPDATE SET call_id = excluded.call_id
      RETURNING left_at > now() - make_interval(secs => p_left_early_seconds) INTO v_left_early;
      RETURN v_arrival || jsonb_build_object('left_early', coalesce(v_left_early, false));
    END $$;
  `.execute(db);
}
