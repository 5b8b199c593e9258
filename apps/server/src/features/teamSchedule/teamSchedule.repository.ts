import {
  type BreakType,
  CALL_TAKING_ROLES,
  isLiveShift,
  type ShiftStatus,
  type VacationStatus,
} from '@shiftline/shared';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.js';
import { activeCampaign, HOURS_COLUMNS } from '../campaigns/index.js';
import { listedAgent, listedUser } from '../users/index.js';

/** Days a bit mask (a bigint, 63 bits) holds. */
const MASK_DAYS = 62;

export type TeamFilter = { role?: string; campaignIds?: number[]; companyId?: number; userIds?: number[] };

export function createTeamScheduleRepository(db: Kysely<Database>) {
  /**
   * Ids of the listed people who take calls, narrowed by role, campaigns or company. An agent disabled in a
   * campaign does not work it, so the campaign and company filters leave them out.
   */
  const memberIds = (filter: TeamFilter) =>
    db
      .selectFrom('users')
      .select('users.id')
      .where(listedAgent)
      .$if(filter.userIds !== undefined, (q) =>
        q.where('users.id', '=', sql<number>`any(${filter.userIds as number[]}::int[])`),
      )
      .$if(filter.role !== undefined, (q) =>
        q.where('users.role', '=', filter.role as (typeof CALL_TAKING_ROLES)[number]),
      )
      .$if(filter.campaignIds !== undefined || filter.companyId !== undefined, (q) =>
        q.where((eb) =>
          eb.exists(
            eb
              .selectFrom('campaign_agents')
              .innerJoin('campaigns', 'campaigns.id', 'campaign_agents.campaign_id')
              .select('campaign_agents.user_id')
              .whereRef('campaign_agents.user_id', '=', 'users.id')
              .where('campaign_agents.is_disabled', '=', false)
              .$if(filter.campaignIds !== undefined, (q) =>
                q.where('campaigns.id', 'in', filter.campaignIds as number[]),
              )
              .$if(filter.companyId !== undefined, (q) =>
                q.where('campaigns.company_id', '=', filter.companyId as number),
              ),
          ),
        ),
      );

  /** One piece of the month (at most MASK_DAYS days, numbered from 1): see monthDays. */
  async function monthPiece(
    filter: TeamFilter,
    days: readonly { day: string; start: Date; end: Date }[],
    statuses: readonly ShiftStatus[],
    starredRoles: readonly string[],
  ) {
    const first = days[0] as { start: Date };
    const last = days.at(-1) as { end: Date };
    const starts = sql`${days.map((d) => d.start.toISOString())}::timestamptz[]`;
    // Canceled shifts and open offers schedule nobody: only pending and approved ones are read.
    const scheduled = statuses.filter(isLiveShift);
    // width_bucket gives 0 before the first start: a shift's days are clamped to the piece for its mask.
    const result = await sql<{
      masks: [number, string][];
      pending: [number, number[]][];
      days_off: [number, number][];
      pending_ids: number[];
    }>`
      with live as (
        select s.id, s.user_id, s.status, width_bucket(s.start_at, ${starts}) as first_day,
          width_bucket(s.end_at - interval '1 microsecond', ${starts}) as last_day
        from shifts s
        where s.user_id in (${memberIds(filter)})
          and s.status::text = any(${scheduled}::text[]) and s.start_at < ${last.end} and s.end_at > ${first.start}
      ),
      mask as (
        select user_id, bit_or(((1::bigint << (last_day - greatest(first_day, 1) + 1)) - 1)
          << (greatest(first_day, 1) - 1)) as days
        from live group by user_id
      ),
      vacation as (
        select width_bucket(v.start_at, ${starts}) as first_day,
          width_bucket(v.end_at - interval '1 microsecond', ${starts}) as last_day
        from vacations v
        where v.user_id in (${memberIds(filter)}) and v.status = 'vac_approved'
          and v.start_at < ${last.end} and v.end_at > ${first.start}
      )
      select
        (select coalesce(json_agg(json_build_array(u.id, mask.days::text)
            order by (u.role::text = any(${[...starredRoles]}::text[])) desc, u.first_name, u.second_name, u.id), '[]')
          from mask join users u on u.id = mask.user_id) as masks,
        (select coalesce(json_agg(json_build_array(p.day, p.ids)), '[]') from (
          select first_day as day, array_agg(id order by id) as ids from live
          where status = 'pending' and first_day >= 1 group by first_day) p) as pending,
        (select coalesce(json_agg(json_build_array(o.day, o.n)), '[]') from (
          select day, count(*)::int as n
          from vacation, generate_series(greatest(vacation.first_day, 1), vacation.last_day) as day
          group by day) o) as days_off,
        (select coalesce(array_agg(id order by id), '{}') from live where status = 'pending') as pending_ids
    `.execute(db);
    const row = result.rows[0];
    return row ?? { masks: [], pending: [], days_off: [], pending_ids: [] };
  }

  return {
    /** Listed people who take calls, with their group and campaigns, narrowed by role, campaigns or company. */
    teamMembers: (filter: TeamFilter) =>
      db
        .selectFrom('users')
        .leftJoin('agent_groups', 'agent_groups.id', 'users.agent_group_id')
        .select([
          'users.id',
          'users.first_name',
          'users.second_name',
          'users.role',
          'users.avatar_url',
          'users.agent_call_type',
          'users.agent_group_id',
          'agent_groups.name as agent_group',
          sql<number[]>`coalesce(enabled.campaigns, '{}')`.as('campaigns'),
        ])
        // Each member's enabled campaigns, grouped once rather than a subquery per member.
        .leftJoin(
          (eb) =>
            eb
              .selectFrom('campaign_agents')
              .select(['user_id', sql<number[]>`array_agg(campaign_id order by campaign_id)`.as('campaigns')])
              .where('is_disabled', '=', false)
              .groupBy('user_id')
              .as('enabled'),
          (join) => join.onRef('enabled.user_id', '=', 'users.id'),
        )
        .where('users.id', 'in', memberIds(filter))
        .orderBy('users.first_name')
        .orderBy('users.second_name')
        .orderBy('users.id')
        .execute(),

    /**
     * The month grid: per local day (given by its UTC bounds, in order) the pending shifts starting on it, the
     * agents with a pending or approved shift touching it and the first of them (starred first, then by name),
     * the approved days off touching it, and every pending shift id. The database folds each agent's shifts
     * into one bit mask of the days they touch (binary search over the day starts, one hash group per agent),
     * so about a thousand small rows travel instead of ranking every agent of every day; the days are counted
     * here from the masks, walked in the agents' order.
     */
    async monthDays(
      filter: TeamFilter,
      days: readonly { day: string; start: Date; end: Date }[],
      statuses: readonly ShiftStatus[],
      starredRoles: readonly string[],
      atomsPerDay: number,
    ) {
      const empty = { pending: [], headcounts: [], days_off: [], atoms: [], pending_ids: [] };
      if (days.length === 0) return empty;
      // A mask is a bigint: longer periods are counted in pieces of MASK_DAYS days.
      const pieces = [];
      for (let from = 0; from < days.length; from += MASK_DAYS) {
        pieces.push(await monthPiece(filter, days.slice(from, from + MASK_DAYS), statuses, starredRoles));
      }
      const headcounts: [string, number][] = [];
      const atoms: [string, number][] = [];
      const pending: [string, number[]][] = [];
      const daysOff: [string, number][] = [];
      const pendingIds: number[] = [];
      pieces.forEach((piece, index) => {
        const pieceDays = days.slice(index * MASK_DAYS, (index + 1) * MASK_DAYS);
        const counts = new Array<number>(pieceDays.length).fill(0);
        const firsts = pieceDays.map((): number[] => []);
        // Two 31-bit halves: bit operations on numbers, not on a bigint per day.
        for (const [userId, mask] of piece.masks) {
          const bits = BigInt(mask);
          const low = Number(bits & 0x7fffffffn);
          const high = Number(bits >> 31n);
          for (let day = 0; day < pieceDays.length; day += 1) {
            const set = day < 31 ? (low >>> day) & 1 : (high >>> (day - 31)) & 1;
            if (set === 0) continue;
            counts[day] = (counts[day] as number) + 1;
            const first = firsts[day] as number[];
            if (first.length < atomsPerDay) first.push(userId);
          }
        }
        pieceDays.forEach(({ day }, at) => {
          if ((counts[at] as number) > 0) headcounts.push([day, counts[at] as number]);
          for (const userId of firsts[at] as number[]) atoms.push([day, userId]);
        });
        const dayOf = (number: number) => pieceDays[number - 1]?.day as string;
        for (const [number, ids] of piece.pending) pending.push([dayOf(number), ids]);
        for (const [number, n] of piece.days_off) daysOff.push([dayOf(number), n]);
        pendingIds.push(...piece.pending_ids);
      });
      // A pending shift starting before a later piece is also read by it: each id once, in order.
      const ids = [...new Set(pendingIds)].sort((x, y) => x - y);
      return { pending, headcounts, days_off: daysOff, atoms, pending_ids: ids };
    },

    /** The agents the month's atoms name. */
    atomAgents: (ids: number[]) =>
      ids.length === 0
        ? Promise.resolve([])
        : db
            .selectFrom('users')
            .select(['id', 'first_name', 'second_name', 'role', 'avatar_url', 'agent_group_id'])
            .where('id', 'in', ids)
            .execute(),

    /**
     * Shifts of many users overlapping a period, with breaks, limited to the given statuses. Two flat
     * queries joined here: a correlated JSON subquery per shift costs ten times more at a month of 1,000 agents.
     */
    async shiftsOf(users: number[] | TeamFilter, start: Date, end: Date, statuses: readonly ShiftStatus[]) {
      if (Array.isArray(users) && users.length === 0) return [];
      // A filter reads its members in the same query: a thousand ids as parameters cost more than the join.
      const userIds = Array.isArray(users) ? users : memberIds(users);
      const shifts = await db
        .selectFrom('shifts')
        .select(['id', 'user_id', 'status', 'start_at', 'end_at', 'free_shift_id'])
        .where('user_id', 'in', userIds)
        .where('status', 'in', statuses)
        .where('start_at', '<', end)
        .where('end_at', '>', start)
        .orderBy('start_at')
        .execute();
      if (shifts.length === 0) return [];
      // By the shifts found: repeating their conditions made the database walk every member again.
      const breaks = await db
        .selectFrom('shift_breaks')
        .select(['shift_id', 'type', 'start_at', 'end_at'])
        .where(
          'shift_id',
          'in',
          shifts.map((shift) => shift.id),
        )
        .orderBy('start_at')
        .execute();
      const byShift = new Map<number, { type: BreakType; start_at: Date; end_at: Date }[]>();
      for (const row of breaks) {
        const list = byShift.get(row.shift_id) ?? [];
        list.push({ type: row.type, start_at: row.start_at, end_at: row.end_at });
        byShift.set(row.shift_id, list);
      }
      return shifts.map((shift) => ({ ...shift, breaks: byShift.get(shift.id) ?? [] }));
    },

    async vacationsOf(users: number[] | TeamFilter, start: Date, end: Date, statuses: readonly VacationStatus[]) {
      if (Array.isArray(users) && users.length === 0) return [];
      const userIds = Array.isArray(users) ? users : memberIds(users);
      return db
        .selectFrom('vacations')
        .selectAll()
        .where('user_id', 'in', userIds)
        .where('status', 'in', statuses)
        .where('start_at', '<', end)
        .where('end_at', '>', start)
        .orderBy('start_at')
        .execute();
    },

    scheduleCampaigns: (companyId?: number) =>
      db
        .selectFrom('campaigns')
        .select([
          'campaigns.id',
          'campaigns.name',
          ...HOURS_COLUMNS,
          (eb) =>
            sql<number[]>`coalesce((${eb
              .selectFrom('campaign_agents as ca')
              .innerJoin('users', 'users.id', 'ca.user_id')
              .select(sql`array_agg(ca.user_id order by ca.user_id)`.as('ids'))
              .whereRef('ca.campaign_id', '=', 'campaigns.id')
              .where('ca.is_disabled', '=', false)
              .where(listedUser)}), '{}')`.as('users'),
        ])
        .where(activeCampaign)
        .$if(companyId !== undefined, (q) => q.where('campaigns.company_id', '=', companyId as number))
        .orderBy('campaigns.name')
        .execute(),

    /** Every campaign of a client company, archived and inactive ones too: what its portal may know of. */
    async companyCampaignIds(companyId: number): Promise<Set<number>> {
      const rows = await db.selectFrom('campaigns').select('id').where('company_id', '=', companyId).execute();
      return new Set(rows.map((row) => row.id));
    },
  };
}

export type TeamScheduleRepository = ReturnType<typeof createTeamScheduleRepository>;
