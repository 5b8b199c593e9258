import type { AgentCallType } from '@shiftline/shared';
import { sql } from 'kysely';
import type { DatabaseHandle } from '../../database.js';
import type { AgentProfile } from './agentShift.js';
import type { CampaignPlan } from './arrivals.js';

/** Archived and inactive campaigns stopped taking calls this long before `now`. */
const ENDED_CAMPAIGN_DAYS = 45;

export type HistoryContext = { campaigns: CampaignPlan[]; agents: Map<number, AgentProfile> };

/** The campaigns with their windows and numbers, and every person who may hold a shift, with their campaigns. */
export async function loadHistoryContext(database: DatabaseHandle, now: number): Promise<HistoryContext> {
  const { db } = database;
  const campaignRows = await db
    .selectFrom('campaigns')
    .select(['id', 'type', 'time_zone', 'working_hours', 'holidays', 'archived', 'active'])
    .orderBy('id')
    .execute();
  const campaigns: CampaignPlan[] = campaignRows.map((row) => ({
    id: row.id,
    type: row.type,
    did: `+1888555${String(1000 + row.id).slice(-4)}`,
    hours: { time_zone: row.time_zone, weekly: row.working_hours, holidays: row.holidays },
    callsUntil: row.archived || !row.active ? now - ENDED_CAMPAIGN_DAYS * 86_400 : Number.POSITIVE_INFINITY,
  }));
  const campaignType = new Map(campaigns.map((campaign) => [campaign.id, campaign.type]));

  const users = await db
    .selectFrom('users')
    .select(['id', 'role', 'agent_call_type', 'pay_rate_cents'])
    .where('is_system', '=', false)
    .orderBy('id')
    .execute();
  const assignments = await db
    .selectFrom('campaign_agents')
    .select(['user_id', 'campaign_id'])
    .where('is_disabled', '=', false)
    .orderBy('user_id')
    .orderBy('campaign_id')
    .execute();
  const campaignsOf = new Map<number, number[]>();
  for (const { user_id, campaign_id } of assignments) {
    campaignsOf.set(user_id, [...(campaignsOf.get(user_id) ?? []), campaign_id]);
  }

  const agents = new Map<number, AgentProfile>();
  for (const user of users) {
    const assigned = campaignsOf.get(user.id) ?? [];
    const callType: AgentCallType | null = user.agent_call_type;
    // Inbound and email agents answer their inbound campaigns; outbound agents dial their outbound ones, and
    // email (retention) agents dial theirs while their inbound campaigns are closed.
    const inboundCampaigns = callType === 'outbound' ? [] : assigned.filter((id) => campaignType.get(id) === 'inbound');
    const dials = callType === 'outbound' || callType === 'email';
    const outboundCampaigns = dials ? assigned.filter((id) => campaignType.get(id) === 'outbound') : [];
    agents.set(user.id, {
      id: user.id,
      role: user.role,
      callType,
      payRateCents: user.pay_rate_cents,
      inboundCampaigns,
      outboundCampaigns,
      primaryCampaign: inboundCampaigns[0] ?? outboundCampaigns[0] ?? assigned[0] ?? null,
    });
  }
  return { campaigns, agents };
}

export type ShiftToSimulate = {
  id: number;
  userId: number;
  start: number;
  end: number;
  breaks: { type: 'break' | 'lunch'; start: number; end: number }[];
};

/** Approved shifts starting in [from, to) (and still running at `endsAfter`), with their breaks; seconds. */
export async function loadApprovedShifts(
  database: DatabaseHandle,
  range: { from: number; to: number; endsAfter: number },
): Promise<ShiftToSimulate[]> {
  const rows = await database.db
    .selectFrom('shifts')
    .select(['id', 'user_id', 'start_at', 'end_at'])
    .where('status', '=', 'approved')
    .where('start_at', '>=', new Date(range.from * 1000))
    .where('start_at', '<', new Date(range.to * 1000))
    .where('end_at', '>', new Date(range.endsAfter * 1000))
    .orderBy('start_at')
    .orderBy('id')
    .execute();
  if (rows.length === 0) return [];
  const breaks = await database.db
    .selectFrom('shift_breaks')
    .select(['shift_id', 'type', 'start_at', 'end_at'])
    .where(sql<boolean>`shift_id = ANY(${sql.val(rows.map((row) => row.id))}::int[])`)
    .orderBy('start_at')
    .execute();
  const breaksOf = new Map<number, ShiftToSimulate['breaks']>();
  for (const row of breaks) {
    const list = breaksOf.get(row.shift_id) ?? [];
    list.push({ type: row.type, start: seconds(row.start_at), end: seconds(row.end_at) });
    breaksOf.set(row.shift_id, list);
  }
  return rows.map((row) => ({
    id: row.id,
    userId: row.user_id,
    start: seconds(row.start_at),
    end: seconds(row.end_at),
    breaks: breaksOf.get(row.id) ?? [],
  }));
}

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);
