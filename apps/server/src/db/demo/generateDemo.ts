import { randomBytes } from 'node:crypto';
import {
  type AgentCallType,
  aroundTheClock,
  type CampaignType,
  type DayHours,
  type Role,
  type TimeZoneId,
  type WorkingHours,
} from '@shiftline/shared';
import type { Kysely } from 'kysely';
import { MIN_DEMO_AGENTS } from '../../config.js';
import { hashPassword } from '../../passwords.js';
import type { Database, NewUser } from '../schema.js';
import { DEMO_LOGINS, DEMO_PASSWORD } from './demoLogins.js';
import { demoTrunkId } from './demoTrunk.js';
import { generateColdCalls } from './generateColdCalls.js';
import { generateShifts, type ShiftWindow } from './generateShifts.js';
import { insertDemoDispositions } from './history/catalog.js';
import { createRandom, type Random } from './random.js';

export type DemoOptions = { seed?: number; agents?: number; now?: Date; shiftWindow?: ShiftWindow };
export type DemoProgress = (step: string, done: number, total: number) => void;

const FIRST_NAMES = [
  'Olivia',
  'Liam',
  'Emma',
  'Noah',
  'Amelia',
  'Oliver',
  'Sophia',
  'Elijah',
  'Charlotte',
  'James',
  'Mia',
  'Lucas',
  'Harper',
  'Mateo',
  'Evelyn',
  'Ethan',
  'Aria',
  'Aiden',
  'Chloe',
  'Leo',
  'Priya',
  'Wei',
  'Fatima',
  'Diego',
  'Aisha',
  'Hiroshi',
  'Ingrid',
  'Kwame',
  'Lucia',
  'Ravi',
  'Sofia',
  'Tomas',
  'Yara',
  'Zane',
  'Nadia',
  'Omar',
];
const LAST_NAMES = [
  'Tremblay',
  'Gagnon',
  'Roy',
  'Smith',
  'Brown',
  'Wilson',
  'MacDonald',
  'Taylor',
  'Campbell',
  'Anderson',
  'Leblanc',
  'Martin',
  'Thompson',
  'White',
  'Chen',
  'Singh',
  'Patel',
  'Nguyen',
  'Kim',
  'Garcia',
  'Lopez',
  'Okafor',
  'Haddad',
  'Novak',
  'Kowalski',
  'Silva',
  'Morin',
  'Bouchard',
  'Cote',
  'Fraser',
];

const GROUPS = ['Tier 1 Support', 'Tier 2 Support', 'Outbound Sales', 'Retention', 'Night Desk'] as const;
const AGENT_ZONES: TimeZoneId[] = [
  'America/Toronto',
  'America/Halifax',
  'America/St_Johns',
  'America/Winnipeg',
  'America/Edmonton',
  'America/Vancouver',
  'America/New_York',
  'America/Chicago',
];

type CampaignSeed = {
  name: string;
  type: CampaignType;
  company: 0 | 1 | null;
  groups: number[];
  /** Local working hours in the campaign's own zone (shared/time/workingHours.ts). */
  hours: WorkingHours;
  archived?: boolean;
  active?: boolean;
  rateCents: number;
  recordCalls?: boolean;
};

const weekdays = (open: string, close: string, saturday: DayHours | null = null, sunday: DayHours | null = null) => {
  const day = { open, close };
  return [day, day, day, day, day, saturday, sunday];
};

/** Holiday closures around the demo's dates, named as an administrator would. */
const CANADIAN_HOLIDAYS = [
  { date: '2026-07-01', name: 'Canada Day' },
  { date: '2026-12-25', name: 'Christmas Day' },
  { date: '2026-12-26', name: 'Boxing Day' },
  { date: '2027-01-01', name: "New Year's Day" },
];
const US_HOLIDAYS = [
  { date: '2026-11-26', name: 'Thanksgiving' },
  { date: '2026-12-25', name: 'Christmas Day' },
  { date: '2027-01-01', name: "New Year's Day" },
];

/**
 * Each campaign's hours are in its own zone: 'Maple Telecom Retention' works St John's hours (UTC−3:30), and
 * 'After-Hours Support' a night window (18:00 to 02:00 Toronto) every day; the demo agent's two lines (Northwind
 * Patient Line, Maple Telecom Billing) are open around the clock.
 */
const CAMPAIGNS: CampaignSeed[] = [
  {
    name: 'Northwind Patient Line',
    type: 'inbound',
    company: 0,
    groups: [0, 1],
    // A patient line answered around the clock (with Maple Telecom Billing, the demo agent's lines: a person trying
    // the demo is offered callers at any hour, while the other campaigns show local hours refusing calls).
    hours: aroundTheClock('America/New_York'),
    rateCents: 3400,
    // On real SIP its calls are recorded (the simulated network carries no audio to record).
    recordCalls: true,
  },
  {
    name: 'Northwind Appointment Reminders',
    type: 'outbound',
    company: 0,
    groups: [2],
    hours: { time_zone: 'America/New_York', weekly: weekdays('10:00', '18:00'), holidays: US_HOLIDAYS },
    rateCents: 2900,
  },
  {
    name: 'Maple Telecom Billing',
    type: 'inbound',
    company: 1,
    groups: [0, 1],
    hours: aroundTheClock('America/Toronto'),
    rateCents: 3200,
  },
  {
    name: 'Maple Telecom Upgrades',
    type: 'outbound',
    company: 1,
    groups: [2, 3],
    hours: {
      time_zone: 'America/Halifax',
      weekly: weekdays('11:00', '21:00', { open: '11:00', close: '17:00' }),
      holidays: CANADIAN_HOLIDAYS,
    },
    rateCents: 3600,
  },
  {
    name: 'Maple Telecom Retention',
    type: 'inbound',
    company: 1,
    groups: [3],
    hours: { time_zone: 'America/St_Johns', weekly: weekdays('09:30', '17:30'), holidays: CANADIAN_HOLIDAYS },
    rateCents: 3800,
  },
  {
    name: 'After-Hours Support',
    type: 'inbound',
    company: null,
    groups: [4],
    hours: { time_zone: 'America/Toronto', weekly: Array(7).fill({ open: '18:00', close: '02:00' }), holidays: [] },
    rateCents: 4100,
  },
  {
    name: 'Shiftline Win-Back',
    type: 'outbound',
    company: null,
    groups: [2, 3],
    hours: { time_zone: 'America/Chicago', weekly: weekdays('08:00', '17:00'), holidays: US_HOLIDAYS },
    rateCents: 2700,
  },
  {
    name: 'Legacy Warranty Line',
    type: 'inbound',
    company: null,
    groups: [1],
    hours: { time_zone: 'America/Toronto', weekly: weekdays('08:00', '16:00'), holidays: [] },
    archived: true,
    rateCents: 2500,
  },
  {
    name: 'Spring Survey 2026',
    type: 'outbound',
    company: 0,
    groups: [2],
    hours: { time_zone: 'America/Vancouver', weekly: weekdays('09:00', '15:00'), holidays: [] },
    active: false,
    rateCents: 2000,
  },
];

/** The seven outbound system accounts: dialler robots that must never appear in agent lists. */
const SYSTEM_ACCOUNTS = [
  'Predictive Dialer',
  'Preview Dialer',
  'Voicemail Drop',
  'IVR Outbound',
  'SMS Gateway',
  'Callback Robot',
  'Survey Bot',
];

const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_|_$/g, '');

/** What the demo's agents sell on their calls. */
const DEMO_PRODUCTS = [
  { name: 'Basic Plan (monthly)', price_cents: 2900 },
  { name: 'Plus Plan (monthly)', price_cents: 4900 },
  { name: 'Premium Plan (monthly)', price_cents: 7900 },
  { name: 'Annual Plan', price_cents: 49_900 },
  { name: 'Device Protection', price_cents: 900 },
  { name: 'Setup Service', price_cents: 9900 },
];

/**
 * Builds the demo centre: groups, client companies, campaigns and lists, one login per role, the
 * seven system accounts, a protected root administrator and a floor of agents. Deterministic per seed.
 */
export async function generateDemo(db: Kysely<Database>, options: DemoOptions = {}, progress: DemoProgress = () => {}) {
  const random = createRandom(options.seed ?? 20261122);
  const agentCount = options.agents ?? 48;
  // Refused rather than quietly raised: whoever asked for fewer would otherwise not get what they asked for.
  if (!Number.isInteger(agentCount) || agentCount < MIN_DEMO_AGENTS) {
    throw new Error(`The demo centre needs at least ${MIN_DEMO_AGENTS} agents to staff its groups (got ${agentCount})`);
  }
  const now = options.now ?? new Date();
  const steps = 6;

  progress('password hashes', 0, steps);
  // Every demo login shares one password, so one hash serves them all.
  const demoHash = await hashPassword(DEMO_PASSWORD);
  const lockedHash = await hashPassword(randomBytes(24).toString('base64url'));

  await db.transaction().execute(async (trx) => {
    progress('groups and companies', 1, steps);
    const groups = await trx
      .insertInto('agent_groups')
      .values(GROUPS.map((name) => ({ name })))
      .returning('id')
      .execute();
    const companies = await trx
      .insertInto('companies')
      .values([
        { name: 'Northwind Health', callbacks_enabled: true },
        { name: 'Maple Telecom', callbacks_enabled: false },
      ])
      .returning('id')
      .execute();
    const groupId = (index: number) => (groups[index] as { id: number }).id;
    const companyId = (index: number) => (companies[index] as { id: number }).id;

    progress('campaigns', 2, steps);
    const campaignIds: number[] = [];
    for (const seed of CAMPAIGNS) {
      const row = await trx
        .insertInto('campaigns')
        .values({
          name: seed.name,
          unique_name: slug(seed.name),
          type: seed.type,
          company_id: seed.company === null ? null : companyId(seed.company),
          archived: seed.archived ?? false,
          active: seed.active ?? true,
          time_zone: seed.hours.time_zone,
          working_hours: JSON.stringify(seed.hours.weekly),
          holidays: JSON.stringify(seed.hours.holidays),
          billing_rate_cents: seed.rateCents,
          record_calls: seed.recordCalls ?? false,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      campaignIds.push(row.id);
    }
    // One toll-free number per campaign (where callers dial in; get_campaign_by_phone_number reads it), and the
    // products agents sell on calls.
    // ...delivered by the demo's loopback carrier (the demo's SIPp callers call from this machine).
    const trunkId = await demoTrunkId(trx);
    await trx
      .insertInto('campaign_numbers')
      .values(
        campaignIds.map((id, index) => ({
          phone: `+1888555${String(1000 + index).padStart(4, '0')}`,
          campaign_id: id,
          trunk_id: trunkId,
        })),
      )
      .execute();
    await trx.insertInto('products').values(DEMO_PRODUCTS).execute();
    // The call page's dispositions exist without history too (the history generator keeps them).
    await insertDemoDispositions(trx);
    const lists = [
      { name: 'Northwind Health', unique_name: 'northwind_health', match: (c: CampaignSeed) => c.company === 0 },
      { name: 'Maple Telecom', unique_name: 'maple_telecom', match: (c: CampaignSeed) => c.company === 1 },
      { name: 'All Inbound', unique_name: 'all_inbound', match: (c: CampaignSeed) => c.type === 'inbound' },
      { name: 'All Outbound', unique_name: 'all_outbound', match: (c: CampaignSeed) => c.type === 'outbound' },
    ];
    for (const list of lists) {
      const row = await trx
        .insertInto('campaign_lists')
        .values({ name: list.name, unique_name: list.unique_name })
        .returning('id')
        .executeTakeFirstOrThrow();
      const items = CAMPAIGNS.flatMap((seed, index) =>
        list.match(seed) ? [{ list_id: row.id, campaign_id: campaignIds[index] as number }] : [],
      );
      await trx.insertInto('campaign_list_items').values(items).execute();
    }

    progress('people', 3, steps);
    const people: (NewUser & { groupIndex: number | null })[] = [];
    let extension = 2001;
    const person = (
      fields: { first: string; second: string; email: string; role: Role; groupIndex: number | null },
      extra: Partial<NewUser> = {},
    ) => {
      const takesCalls = ['agent', 'team_lead', 'agent_supervisor', 'campaign_manager'].includes(fields.role);
      const callType: AgentCallType | null = takesCalls ? callTypeForGroup(fields.groupIndex) : null;
      people.push({
        email: fields.email,
        password_hash: demoHash,
        first_name: fields.first,
        second_name: fields.second,
        role: fields.role,
        agent_group_id: fields.groupIndex === null ? null : groupId(fields.groupIndex),
        company_id: fields.role === 'company_supervisor' ? companyId(0) : null,
        extension: takesCalls || fields.role === 'schedule_supervisor' ? String(extension++) : null,
        timezone: random.pick(AGENT_ZONES),
        pay_rate_cents: takesCalls ? random.int(17, 26) * 100 + random.pick([0, 25, 50, 75]) : random.int(28, 45) * 100,
        agent_call_type: callType,
        crm_id: takesCalls ? `CRM-${String(random.int(10000, 99999))}` : null,
        display_from: hireDate(random, now),
        groupIndex: fields.groupIndex,
        ...extra,
      });
    };

    for (const login of DEMO_LOGINS) {
      const groupIndex = ['agent', 'team_lead', 'agent_supervisor'].includes(login.role) ? 0 : null;
      person(
        { first: login.firstName, second: login.secondName, email: login.email, role: login.role, groupIndex },
        login.role === 'agent' ? { timezone: 'America/Toronto', pay_rate_cents: 1850, agent_call_type: 'inbound' } : {},
      );
    }
    for (let index = 0; index < agentCount; index += 1) {
      // Every pairing differs for up to about a thousand agents, so no two people share a name.
      const first = FIRST_NAMES[index % FIRST_NAMES.length] as string;
      const second = LAST_NAMES[(index + 7 * Math.floor(index / FIRST_NAMES.length)) % LAST_NAMES.length] as string;
      const groupIndex = index % GROUPS.length;
      const role: Role = index % 16 === 5 ? 'team_lead' : index % 23 === 7 ? 'agent_supervisor' : 'agent';
      person({ first, second, email: `${slug(first)}.${slug(second)}.${index + 1}@shiftline.test`, role, groupIndex });
    }
    // An agent who left: kept for history, never listed, cannot sign in.
    person(
      { first: 'Riley', second: 'Former', email: 'former.agent@shiftline.test', role: 'agent', groupIndex: 1 },
      { archived: true },
    );
    SYSTEM_ACCOUNTS.forEach((name, index) => {
      person(
        { first: name, second: 'System', email: `system${index + 1}@shiftline.test`, role: 'agent', groupIndex: null },
        {
          is_system: true,
          password_hash: lockedHash,
          extension: String(9001 + index),
          crm_id: null,
          agent_call_type: 'outbound',
        },
      );
    });
    person(
      { first: 'System', second: 'Administrator', email: 'root@shiftline.test', role: 'super_admin', groupIndex: null },
      { is_protected: true, password_hash: lockedHash },
    );

    const inserted = await trx
      .insertInto('users')
      .values(people.map(({ groupIndex: _groupIndex, ...user }) => user))
      .returning(['id', 'role', 'archived', 'is_system'])
      .execute();

    progress('campaign assignments', 4, steps);
    const assignments: { campaign_id: number; user_id: number; is_disabled: boolean }[] = [];
    inserted.forEach((user, index) => {
      const groupIndex = people[index]?.groupIndex ?? null;
      if (user.is_system) {
        // Dialler accounts sit on the outbound campaigns.
        CAMPAIGNS.forEach((seed, campaignIndex) => {
          if (seed.type === 'outbound')
            assignments.push({
              campaign_id: campaignIds[campaignIndex] as number,
              user_id: user.id,
              is_disabled: false,
            });
        });
        return;
      }
      if (groupIndex === null || !['agent', 'team_lead', 'agent_supervisor'].includes(user.role)) return;
      CAMPAIGNS.forEach((seed, campaignIndex) => {
        if (!seed.groups.includes(groupIndex)) return;
        assignments.push({
          campaign_id: campaignIds[campaignIndex] as number,
          user_id: user.id,
          is_disabled: index >= DEMO_LOGINS.length && random.chance(0.08),
        });
      });
    });
    await trx.insertInto('campaign_agents').values(assignments).execute();

    progress('shifts and vacations', 5, steps);
    const groupNames = new Map(GROUPS.map((name, index) => [groupId(index), name]));
    const scheduled = inserted.flatMap((user, index) => {
      const source = people[index] as NewUser;
      const takesCalls = ['agent', 'team_lead', 'agent_supervisor', 'campaign_manager'].includes(user.role);
      if (!takesCalls || user.archived || user.is_system) return [];
      const groupName = source.agent_group_id ? (groupNames.get(source.agent_group_id) ?? null) : null;
      return [
        {
          id: user.id,
          timezone: source.timezone,
          groupName,
          email: source.email,
          isDemoLogin: index < DEMO_LOGINS.length,
        },
      ];
    });
    await generateShifts(trx, scheduled, {
      random,
      now,
      window: options.shiftWindow ?? { daysBack: 21, daysAhead: 14 },
    });
    await generateColdCalls(trx, { seed: options.seed ?? 20261122, now });
  });
  progress('done', steps, steps);
}

function callTypeForGroup(groupIndex: number | null): AgentCallType {
  if (groupIndex === 2) return 'outbound';
  if (groupIndex === 3) return 'email';
  return 'inbound';
}

/** Agents joined at different times; dates before joining are not selectable for them. */
function hireDate(random: Random, now: Date): Date {
  const daysAgo = random.int(120, 900);
  const date = new Date(now.getTime() - daysAgo * 86_400_000);
  date.setUTCHours(0, 0, 0, 0);
  return date;
}
