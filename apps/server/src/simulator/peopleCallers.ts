import { isOpenAt } from '@shiftline/shared';
import { sql } from 'kysely';
import type { DatabaseHandle } from '../db/database.js';
import { type HoursColumns, workingHoursOf } from '../features/campaigns/index.js';

/**
 * Callers for the people trying the demo. The history's traffic follows the campaigns' working windows and is shared
 * with the generated agents, so a person who goes Ready at night, or beside twenty busy simulated colleagues, might
 * wait an hour for a call. A person (anyone Ready whom the simulator is not running through a shift) who has been
 * Ready and idle this long gets a caller of their own on one of their inbound campaigns open now.
 */
export const PERSON_IDLE_SECONDS = 10;

/** How often the simulator looks for idle people. */
export const PEOPLE_CHECK_MS = 5_000;

/**
 * A person still Ready in the same spell this long after their caller was sent gets another: the last one went to
 * someone else, or never arrived (a real SIP call takes a moment to ring, and may fail).
 */
export const PERSON_CALLER_RETRY_SECONDS = 30;

export type IdlePerson = {
  userId: number;
  campaignIds: number[];
  readySince: Date;
  /** On each of those campaigns, how many Ready agents have been idle longer (the router offers to them first). */
  aheadOn: Map<number, number>;
};

/** The most callers sent at once to reach one person; past it, the retry sends more. */
export const MAX_CALLERS_PER_PERSON = 20;

/**
 * The callers that reach a person without changing the routing rule: the router offers each new caller to the
 * longest-idle Ready agent, so on the campaign with the fewest agents idle longer than the person, that many callers
 * go to them and one more reaches the person (at most MAX_CALLERS_PER_PERSON at once).
 */
export function callersToReach(person: IdlePerson): { campaignId: number; callers: number } {
  let best = { campaignId: person.campaignIds[0] as number, ahead: Number.POSITIVE_INFINITY };
  for (const campaignId of person.campaignIds) {
    const ahead = person.aheadOn.get(campaignId) ?? 0;
    if (ahead < best.ahead) best = { campaignId, ahead };
  }
  return { campaignId: best.campaignId, callers: Math.min(best.ahead + 1, MAX_CALLERS_PER_PERSON) };
}

/**
 * People Ready since `idleSince` or earlier with nothing offered, and the inbound campaigns each is enabled on (active,
 * not archived, open at `at`: a closed campaign refuses the caller), for the simulator to send a caller to one of them.
 * A person whose campaigns are all closed gets none.
 */
export async function idlePeople(
  database: DatabaseHandle,
  simulated: ReadonlySet<number>,
  idleSince: Date,
  at: Date,
): Promise<IdlePerson[]> {
  const rows = await sql<
    HoursColumns & { user_id: number; campaign_id: number; ready_since: Date | string; ahead: string }
  >`
    SELECT s.user_id, s.start_at AS ready_since, ca.campaign_id, c.time_zone, c.working_hours, c.holidays,
      (SELECT count(*) FROM agent_state_log o
        JOIN campaign_agents oa ON oa.user_id = o.user_id AND oa.campaign_id = ca.campaign_id AND NOT oa.is_disabled
        WHERE o.end_at IS NULL AND o.state = 'ready' AND (o.start_at, o.id) < (s.start_at, s.id)) AS ahead
    FROM agent_state_log s
      JOIN campaign_agents ca ON ca.user_id = s.user_id AND NOT ca.is_disabled
      JOIN campaigns c ON c.id = ca.campaign_id AND c.type = 'inbound' AND c.active AND NOT c.archived
    WHERE s.end_at IS NULL AND s.state = 'ready' AND s.start_at <= ${idleSince}
    ORDER BY s.user_id, ca.campaign_id`.execute(database.db);
  const people = new Map<number, IdlePerson>();
  for (const row of rows.rows) {
    if (simulated.has(row.user_id) || !isOpenAt(workingHoursOf(row), at.getTime())) continue;
    const person: IdlePerson = people.get(row.user_id) ?? {
      userId: row.user_id,
      campaignIds: [],
      readySince: new Date(row.ready_since),
      aheadOn: new Map(),
    };
    person.campaignIds.push(Number(row.campaign_id));
    person.aheadOn.set(Number(row.campaign_id), Number(row.ahead));
    people.set(row.user_id, person);
  }
  return [...people.values()];
}

/**
 * The one rule for who gets a caller, whatever places it (the simulated network's callers, or a real SIP call from a
 * scripted caller): people idle in Ready for PERSON_IDLE_SECONDS, once per Ready spell unless their caller has not
 * reached them after PERSON_CALLER_RETRY_SECONDS. `due()` answers the people to send a caller to now, and remembers
 * that they were sent one.
 */
export function createPeopleCallerRule(options: {
  database: DatabaseHandle;
  now: () => number;
  /** The agents the simulator runs (never sent a caller of their own). */
  simulated: () => ReadonlySet<number>;
}) {
  const sent = new Map<number, { readySince: number; at: number }>();
  return {
    async due(): Promise<IdlePerson[]> {
      const now = options.now();
      const idleSince = new Date(now - PERSON_IDLE_SECONDS * 1000);
      const idle = await idlePeople(options.database, options.simulated(), idleSince, new Date(now));
      const idleIds = new Set(idle.map((person) => person.userId));
      // Whoever is no longer idle in Ready starts afresh next time.
      for (const userId of sent.keys()) if (!idleIds.has(userId)) sent.delete(userId);
      return idle.filter((person) => {
        const last = sent.get(person.userId);
        const readySince = person.readySince.getTime();
        if (last && last.readySince === readySince && now - last.at < PERSON_CALLER_RETRY_SECONDS * 1000) return false;
        sent.set(person.userId, { readySince, at: now });
        return true;
      });
    },
  };
}
