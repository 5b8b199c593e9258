import { type Kysely, sql } from 'kysely';

/**
 * The call engine's routing steps as functions of the database, so a caller's arrival is one round trip: the insert,
 * the choice of the oldest waiting call and the longest-idle ready agent, the offer and the agent's move to ringing
 * run in one statement (each step still sees the one before, as separate statements in a transaction would). Every
 * move of the engine that takes, offers or changes states calls these same functions (features/calls), so each rule
 * is written once. Results come back as jsonb (the repositories turn them into rows). All are PL/pgSQL: its statements'
 * plans are cached per connection (a SQL-language function's body is planned again at every call before PostgreSQL
 * 18, and planning the routing queries costs more than running them).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    -- An agent's open state row ends at p_at (never before it started) and is queued for the rollups (rollups/backlog).
    -- Returns when the row had started (null: no such row).
    CREATE FUNCTION agent_state_close(p_state_id bigint, p_at timestamptz) RETURNS timestamptz
    LANGUAGE plpgsql AS $$
    DECLARE
      v_started timestamptz;
    BEGIN
      UPDATE agent_state_log SET end_at = greatest(p_at, start_at) WHERE id = p_state_id RETURNING start_at INTO v_started;
      IF FOUND THEN
        INSERT INTO rollup_backlog (state_id) VALUES (p_state_id);
      END IF;
      RETURN v_started;
    END $$;

    -- The agent moves to p_state: their open row p_closing_id (locked by the caller, or null when they have none) closes
    -- and the next opens, about a campaign and a call. Returns the opened row with who the agent is and, when the state
    -- is about a call, its customer, as the live event names them.
    CREATE FUNCTION agent_state_change(
      p_user_id integer, p_closing_id bigint, p_state text, p_at timestamptz, p_campaign_id integer, p_call_id bigint
    ) RETURNS jsonb
    LANGUAGE plpgsql AS $$
    DECLARE
      v_start timestamptz := p_at;
      v_closed_start timestamptz;
      v_opened agent_state_log;
    BEGIN
      IF p_closing_id IS NOT NULL THEN
        v_closed_start := agent_state_close(p_closing_id, p_at);
        -- A clock that stepped back must not give a row that starts before the one it follows.
        v_start := greatest(p_at, coalesce(v_closed_start, p_at));
      END IF;
      INSERT INTO agent_state_log (user_id, state, start_at, campaign_id, call_id)
      VALUES (p_user_id, p_state, v_start, p_campaign_id, p_call_id)
      RETURNING * INTO v_opened;
      RETURN (SELECT jsonb_build_object(
        'id', v_opened.id::text,
        'user_id', v_opened.user_id,
        'state', v_opened.state,
        'start_at', v_opened.start_at,
        'campaign_id', v_opened.campaign_id,
        'call_id', v_opened.call_id::text,
        'first_name', u.first_name,
        'second_name', u.second_name,
        'agent_call_type', u.agent_call_type,
        'extension', u.extension,
        'campaigns', coalesce((SELECT jsonb_agg(ca.campaign_id ORDER BY ca.campaign_id) FROM campaign_agents ca
          WHERE ca.user_id = u.id AND NOT ca.is_disabled), '[]'::jsonb),
        'customer', (SELECT coalesce(nullif(trim(concat_ws(' ', cl.first_name, cl.last_name)), ''), cl.phone)
          FROM calls c JOIN clients cl ON cl.id = c.client_id WHERE c.id = p_call_id),
        'customer_phone', (SELECT coalesce(cc.phone, cl.phone) FROM calls c JOIN clients cl ON cl.id = c.client_id
          LEFT JOIN cold_calls cc ON cc.campaign_id = c.campaign_id AND cc.client_id = c.client_id
          WHERE c.id = p_call_id LIMIT 1),
        'cold_call_id', (SELECT cc.id FROM calls c JOIN cold_calls cc
          ON cc.campaign_id = c.campaign_id AND cc.client_id = c.client_id WHERE c.id = p_call_id LIMIT 1),
        'source', (SELECT src.name FROM calls c JOIN stats_sources src ON src.id = c.stats_source_id
          WHERE c.id = p_call_id),
        'call_type', (SELECT c.direction FROM calls c WHERE c.id = p_call_id))
      FROM users u WHERE u.id = p_user_id);
    END $$;

    -- A call row as the engine reads it: the row and its campaign's client company (rooms of the client portal).
    CREATE FUNCTION call_json(p_call calls) RETURNS jsonb
    LANGUAGE plpgsql STABLE AS $$
    BEGIN
      RETURN to_jsonb(p_call) || jsonb_build_object('company_id',
        (SELECT camp.company_id FROM campaigns camp WHERE camp.id = p_call.campaign_id));
    END $$;

    -- The oldest waiting call of these campaigns, locked; calls another transaction is routing are skipped.
    CREATE FUNCTION take_oldest_queued(p_campaign_ids integer[]) RETURNS SETOF calls
    LANGUAGE plpgsql AS $$
    BEGIN
      RETURN QUERY SELECT * FROM calls WHERE campaign_id = ANY (p_campaign_ids) AND status = 'queued'
      ORDER BY queued_at, id LIMIT 1 FOR UPDATE SKIP LOCKED;
    END $$;

    -- The longest-idle ready agent enabled on the campaign, their open row locked; agents another transaction is
    -- offering a call to right now are skipped, not waited for.
    CREATE FUNCTION take_longest_idle(p_campaign_id integer) RETURNS SETOF agent_state_log
    LANGUAGE plpgsql AS $$
    BEGIN
      RETURN QUERY SELECT s.* FROM agent_state_log s
      JOIN campaign_agents ca ON ca.user_id = s.user_id AND ca.campaign_id = p_campaign_id AND NOT ca.is_disabled
      WHERE s.end_at IS NULL AND s.state = 'ready'
      ORDER BY s.start_at, s.id LIMIT 1 FOR UPDATE OF s SKIP LOCKED;
    END $$;

    -- Puts a locked call into an agent's hands: it rings (p_status, the call state machine's answer to 'offer'), the
    -- agent goes from their open row p_closing_id to ringing. Returns the call and the agent's state change.
    CREATE FUNCTION call_offer(p_call_id bigint, p_status text, p_user_id integer, p_closing_id bigint, p_at timestamptz)
    RETURNS jsonb
    LANGUAGE plpgsql AS $$
    DECLARE
      v_call calls;
    BEGIN
      UPDATE calls SET status = p_status, agent_id = p_user_id, offered_at = p_at WHERE id = p_call_id
      RETURNING * INTO v_call;
      RETURN jsonb_build_object(
        'call', call_json(v_call),
        'change', agent_state_change(p_user_id, p_closing_id, 'ringing', p_at, v_call.campaign_id, v_call.id));
    END $$;

    -- Offers the campaign's oldest waiting call to its longest-idle ready agent. Null when either is missing; else
    -- the offer (call_offer's), the call's status before it and the agent's open row before it.
    CREATE FUNCTION call_route_once(p_campaign_id integer, p_at timestamptz) RETURNS jsonb
    LANGUAGE plpgsql AS $$
    DECLARE
      v_call calls;
      v_agent agent_state_log;
    BEGIN
      SELECT * INTO v_call FROM take_oldest_queued(ARRAY[p_campaign_id]);
      IF NOT FOUND THEN RETURN NULL; END IF;
      SELECT * INTO v_agent FROM take_longest_idle(p_campaign_id);
      IF NOT FOUND THEN RETURN NULL; END IF;
      -- A queued call's 'offer' makes it 'offered' (shared/callStates).
      RETURN call_offer(v_call.id, 'offered', v_agent.user_id, v_agent.id, p_at) || jsonb_build_object(
        'old_status', v_call.status,
        'closed', jsonb_build_object('id', v_agent.id::text, 'user_id', v_agent.user_id, 'state', v_agent.state,
          'start_at', v_agent.start_at, 'campaign_id', v_agent.campaign_id, 'call_id', v_agent.call_id::text));
    END $$;

    -- A caller reaches an inbound campaign: the call is queued (its client found by phone, the newest when several
    -- share it, or created) and routed at once. Returns the queued call and the offer made (of this call or an older
    -- one), or why the campaign takes no call.
    CREATE FUNCTION call_arrives(
      p_campaign_id integer, p_phone text, p_did text, p_stats_source_id integer, p_at timestamptz,
      p_callback boolean, p_voice_mail boolean
    ) RETURNS jsonb
    LANGUAGE plpgsql AS $$
    DECLARE
      v_campaign campaigns;
      v_client integer;
      v_call calls;
    BEGIN
      SELECT * INTO v_campaign FROM campaigns WHERE id = p_campaign_id;
      IF NOT FOUND THEN RETURN jsonb_build_object('refused', 'no_campaign'); END IF;
      IF v_campaign.type <> 'inbound' OR v_campaign.archived OR NOT v_campaign.active THEN
        RETURN jsonb_build_object('refused', 'no_inbound', 'name', v_campaign.name);
      END IF;
      SELECT id INTO v_client FROM clients WHERE phone = p_phone ORDER BY id DESC LIMIT 1;
      IF NOT FOUND THEN
        INSERT INTO clients (phone) VALUES (p_phone) RETURNING id INTO v_client;
      END IF;
      INSERT INTO calls (campaign_id, direction, client_id, did, stats_source_id, queued_at, status,
        callback_requested, voice_mail, callback_at)
      VALUES (p_campaign_id, 'inbound', v_client, p_did, p_stats_source_id, p_at, 'queued', p_callback,
        p_voice_mail, CASE WHEN p_callback THEN p_at END)
      RETURNING * INTO v_call;
      RETURN jsonb_build_object('call', call_json(v_call), 'offered', call_route_once(p_campaign_id, p_at));
    END $$;
  `.execute(db);
}
