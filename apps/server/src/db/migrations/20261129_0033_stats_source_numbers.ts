import { type Kysely, sql } from 'kysely';

/**
 * Stats sources edited by the administration (issue 25 item 3): a centre number can carry one, and a caller who
 * dials that number on the SIP network gets it on their call (the dashboards' source filter). Before, only the
 * simulator and the demo history named a source; real calls had none. sip_call_arrives is migration 0024's with
 * the number's source passed to call_arrives.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE campaign_numbers ADD COLUMN stats_source_id integer REFERENCES stats_sources(id) ON DELETE SET NULL;
    CREATE INDEX campaign_numbers_stats_source_idx ON campaign_numbers (stats_source_id)
      WHERE stats_source_id IS NOT NULL;
    -- Whether calls count under a source (it is then renamed, not deleted), without reading every call.
    CREATE INDEX calls_stats_source_idx ON calls (stats_source_id) WHERE stats_source_id IS NOT NULL;

    CREATE OR REPLACE FUNCTION sip_call_arrives(
      p_sip_call_id text, p_cseq integer, p_dialled text, p_caller text, p_at timestamptz, p_left_early_seconds integer
    ) RETURNS jsonb
    LANGUAGE plpgsql AS $$
    DECLARE
      v_known bigint;
      v_campaign integer;
      v_type text;
      v_source integer;
      v_arrival jsonb;
      v_call_id bigint;
      v_left_early boolean;
    BEGIN
      SELECT call_id INTO v_known FROM sip_call_ids WHERE sip_call_id = p_sip_call_id;
      IF v_known IS NOT NULL THEN RETURN jsonb_build_object('known', v_known::text); END IF;
      SELECT c.id, c.type, n.stats_source_id INTO v_campaign, v_type, v_source
      FROM campaign_numbers n JOIN campaigns c ON c.id = n.campaign_id AND NOT c.archived
      WHERE n.phone = p_dialled LIMIT 1;
      IF v_campaign IS NULL THEN RETURN jsonb_build_object('no_campaign', true); END IF;
      IF v_type <> 'inbound' THEN RETURN jsonb_build_object('not_inbound', true); END IF;
      v_arrival := call_arrives(v_campaign, p_caller, p_dialled, v_source, p_at, false, false);
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
