import { isValidPhone, TIME_ZONE_IDS, toE164 } from '@shiftline/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../schema.js';
import { createRandom } from './random.js';

/** Leads per outbound campaign in the demo's cold-call lists. */
export const DEMO_LEADS_PER_CAMPAIGN = 40;

const FIRST = [
  'Alex',
  'Jamie',
  'Morgan',
  'Riley',
  'Casey',
  'Jordan',
  'Quinn',
  'Dana',
  'Robin',
  'Drew',
  'Skye',
  'Reese',
];
const LAST = ['Tremblay', 'Nguyen', 'Garcia', 'Smith', 'MacLeod', 'Singh', 'Patel', 'Roy', 'Brown', 'Wilson', 'Chen'];

/** An area code of each supported zone, so a lead's number and time zone agree. */
const AREA_CODES: Record<(typeof TIME_ZONE_IDS)[number], string> = {
  'America/Vancouver': '604',
  'America/Los_Angeles': '213',
  'America/New_York': '212',
  'America/Edmonton': '780',
  'America/Denver': '303',
  'America/Phoenix': '602',
  'America/Winnipeg': '204',
  'America/Chicago': '312',
  'America/Toronto': '647',
  'Pacific/Honolulu': '808',
  'America/St_Johns': '709',
  'America/Anchorage': '907',
  'America/Halifax': '902',
};

/** Numbers as lists hold them: most callable in one of the usual ways of writing, some not numbers at all. */
function writtenPhone(areaCode: string, line: number, style: number): string {
  const subscriber = String(line).padStart(4, '0');
  switch (style) {
    case 0:
      return `+1${areaCode}555${subscriber}`;
    case 1:
      return `1${areaCode}555${subscriber}`;
    case 2:
      return `(${areaCode}) 555-${subscriber}`;
    case 3:
      return `${areaCode}-555-${subscriber.slice(0, 2)}`;
    default:
      return `+1 ${areaCode} 555`;
  }
}

/**
 * The demo's cold-call lists: every live outbound campaign gets its leads, clients with a number and the time zone
 * of its area code, listed over the last three days (so the supervisory roles' 24-hour default shows some). About
 * one number in ten is not callable; validity is the shared rule's, as for any list. Its own seeded random numbers,
 * so the rest of the demo stays as it was.
 */
export async function generateColdCalls(db: Kysely<Database>, options: { seed: number; now: Date }): Promise<number> {
  const random = createRandom(options.seed ^ 0xc01d);
  const campaigns = await db
    .selectFrom('campaigns')
    .select('id')
    .where('type', '=', 'outbound')
    .where('archived', '=', false)
    .orderBy('id')
    .execute();
  let line = 1000;
  let listed = 0;
  for (const campaign of campaigns) {
    const leads = Array.from({ length: DEMO_LEADS_PER_CAMPAIGN }, () => {
      const timezone = random.pick(TIME_ZONE_IDS);
      line += 1;
      const style = random.chance(0.1) ? random.pick([3, 4]) : random.pick([0, 0, 0, 1, 2]);
      return {
        phone: writtenPhone(AREA_CODES[timezone], line, style),
        timezone,
        first_name: random.pick(FIRST),
        last_name: random.pick(LAST),
        created_at: new Date(options.now.getTime() - random.int(0, 72 * 3600) * 1000),
      };
    });
    const clients = await db
      .insertInto('clients')
      .values(
        leads.map(({ phone, first_name, last_name }) => ({ phone, phone_e164: toE164(phone), first_name, last_name })),
      )
      .returning('id')
      .execute();
    const list = await db
      .insertInto('lead_lists')
      .values({ campaign_id: campaign.id, name: 'Demo leads', source_file: 'demo-leads.csv', created_at: options.now })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('cold_calls')
      .values(
        leads.map((lead, index) => ({
          campaign_id: campaign.id,
          client_id: (clients[index] as { id: number }).id,
          list_id: list.id,
          phone: lead.phone,
          phone_valid: isValidPhone(lead.phone),
          timezone: lead.timezone,
          created_at: lead.created_at,
        })),
      )
      .execute();
    listed += leads.length;
  }
  return listed;
}
