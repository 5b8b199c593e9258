import { ACTIVITY_CAP_SECONDS } from './constants.js';
import { percentOf, round2 } from './format.js';

/** The productivity hierarchy in the spec's order (§9); the page shows a Total pair, then one pair per group. */
export const PRODUCTIVITY_GROUPS = ['Billable Work', 'Productive', 'Unproductive', 'Unclassified'] as const;
export type ProductivityGroup = (typeof PRODUCTIVITY_GROUPS)[number];

export type StateClassification = { subCategory: string; group: ProductivityGroup };

/**
 * Every agent state spec §3 names, with a stable id and its display name, and its classification
 * (`null`: the state counts toward no group). Productive states the spec lists without a sub-category use their
 * own name as the sub-category; Pre-shift and Post-shift do the same under Unclassified.
 */
export const AGENT_STATES = [
  { id: 'on_call', name: 'On call', classification: { subCategory: 'On Call', group: 'Billable Work' } },
  { id: 'on_hold', name: 'On hold', classification: { subCategory: 'On Call', group: 'Billable Work' } },
  { id: 'ringing', name: 'Ringing', classification: { subCategory: 'On Call', group: 'Billable Work' } },
  {
    id: 'after_call_work',
    name: 'After-call work',
    classification: { subCategory: 'After Work', group: 'Billable Work' },
  },
  {
    id: 'email_tickets',
    name: 'Email&Tickets',
    classification: { subCategory: 'Emails and Tickets', group: 'Billable Work' },
  },
  { id: 'ready', name: 'Ready', classification: { subCategory: 'Ready Time', group: 'Productive' } },
  {
    id: 'ready_outbound',
    name: 'Ready (Outbound)',
    classification: { subCategory: 'Ready Time', group: 'Productive' },
  },
  { id: 'meeting', name: 'Meeting', classification: { subCategory: 'Meeting', group: 'Productive' } },
  { id: 'qa_monitoring', name: 'QA Monitoring', classification: { subCategory: 'QA Monitoring', group: 'Productive' } },
  { id: 'escalation', name: 'Escalation', classification: { subCategory: 'Escalation', group: 'Productive' } },
  {
    id: 'follow_up_work',
    name: 'Follow-up work',
    classification: { subCategory: 'Follow-up work', group: 'Productive' },
  },
  { id: 'training', name: 'Training', classification: { subCategory: 'Training', group: 'Productive' } },
  {
    id: 'administrative',
    name: 'Administrative',
    classification: { subCategory: 'Administrative', group: 'Productive' },
  },
  {
    id: 'outbound_sales_calls',
    name: 'Outbound Sales Calls',
    classification: { subCategory: 'Outbound Sales Calls', group: 'Productive' },
  },
  { id: 'break', name: 'Break', classification: { subCategory: 'Breaks', group: 'Unproductive' } },
  { id: 'lunch', name: 'Lunch', classification: { subCategory: 'Meal', group: 'Unproductive' } },
  {
    id: 'not_ready_personal',
    name: 'Not ready (personal)',
    classification: { subCategory: 'Personal', group: 'Unproductive' },
  },
  {
    id: 'not_ready_automatic',
    name: 'Not ready (automatic)',
    classification: { subCategory: 'Not Ready', group: 'Unproductive' },
  },
  {
    id: 'technical_issues',
    name: 'Technical issues',
    classification: { subCategory: 'System', group: 'Unproductive' },
  },
  { id: 'pre_shift', name: 'Pre-shift', classification: { subCategory: 'Pre-shift', group: 'Unclassified' } },
  { id: 'post_shift', name: 'Post-shift', classification: { subCategory: 'Post-shift', group: 'Unclassified' } },
  { id: 'logout', name: 'Logout', classification: null },
  { id: 'logged_out', name: 'Logged out', classification: null },
  { id: 'did_ringing', name: 'DID Ringing', classification: null },
  { id: 'not_ready_text', name: 'Not Ready_Text', classification: null },
] as const satisfies readonly { id: string; name: string; classification: StateClassification | null }[];

export type AgentStateId = (typeof AGENT_STATES)[number]['id'];

const byKey = new Map<string, StateClassification | null>();
const idByKey = new Map<string, AgentStateId>();
for (const state of AGENT_STATES) {
  byKey.set(state.id, state.classification);
  byKey.set(state.name.toLowerCase(), state.classification);
  idByKey.set(state.id, state.id);
  idByKey.set(state.name.toLowerCase(), state.id);
}

/**
 * The id of a state given by id ('on_hold') or display name in any case ('On hold'); every 'Logout…' variant is
 * 'logout'. `null` for a state the spec does not name. The state log stores ids, so the rollups can key on them.
 */
export function agentStateId(state: string): AgentStateId | null {
  const key = state.trim().toLowerCase();
  if (key.startsWith('logout')) return 'logout';
  return idByKey.get(key) ?? null;
}

/**
 * The sub-category and group of a state, given by id ('on_hold') or display name in any case ('On hold').
 * `null` for the states that map to nothing (every 'Logout…' variant, Logged out, DID Ringing, Not Ready_Text)
 * and for states the spec does not name, so unknown states never inflate a group.
 */
export function classifyState(state: string): StateClassification | null {
  const key = state.trim().toLowerCase();
  if (key.startsWith('logout')) return null;
  const found = byKey.get(key);
  return found ? { subCategory: found.subCategory, group: found.group } : null;
}

/** Sub-categories of each group in table order, without repeats (three states share 'On Call', two 'Ready Time'). */
export const PRODUCTIVITY_SUB_CATEGORIES: Record<ProductivityGroup, readonly string[]> = (() => {
  const lists: Record<ProductivityGroup, string[]> = {
    'Billable Work': [],
    Productive: [],
    Unproductive: [],
    Unclassified: [],
  };
  for (const { classification } of AGENT_STATES) {
    if (classification && !lists[classification.group].includes(classification.subCategory)) {
      lists[classification.group].push(classification.subCategory);
    }
  }
  return lists;
})();

/** One record's activity time, capped at 3,600 s (spec §5); negative or non-finite time counts as 0. */
export const cappedActivitySeconds = (seconds: number): number =>
  Number.isFinite(seconds) ? Math.min(Math.max(seconds, 0), ACTIVITY_CAP_SECONDS) : 0;

export type ActivityRecord = { state: string; seconds: number };

/**
 * Whether a state's time is login time (the page's Total login time): every state but Logged out and the
 * Logout variants, so DID Ringing and Not Ready_Text count here although they belong to no group.
 */
export function countsAsLoginTime(state: string): boolean {
  const key = state.trim().toLowerCase();
  return !key.startsWith('logout') && key !== 'logged_out' && key !== 'logged out';
}

/**
 * The states whose time counts anywhere on the productivity page (a group, or login time): every state but Logged
 * out and Logout. The productivity rollup keeps a column for each of these and nothing for the others.
 */
export const COUNTED_STATE_IDS: readonly AgentStateId[] = AGENT_STATES.map((state) => state.id).filter(
  countsAsLoginTime,
);

/** Seconds, minutes (2 decimals) and the three percents (2 decimals, 0 when the base is 0) of one series. */
export type ProductivityShare = {
  seconds: number;
  minutes: number;
  percentOfTotal: number;
  percentOfOnCall: number;
  percentOfPaid: number;
};

export type ProductivityGroupSummary = ProductivityShare & {
  group: ProductivityGroup;
  subCategories: (ProductivityShare & { subCategory: string })[];
};

export type ProductivitySummary = {
  /** Capped seconds over every classified record; records that map to nothing are left out. */
  totalSeconds: number;
  /** Capped seconds in the On Call sub-category (On call, On hold, Ringing). */
  onCallSeconds: number;
  /** Paid time: Billable Work + Productive + Unproductive (Unclassified is not paid). */
  paidSeconds: number;
  /** All four groups in PRODUCTIVITY_GROUPS order, each with all its sub-categories, zero ones included. */
  groups: ProductivityGroupSummary[];
};

const PAID_GROUPS: readonly ProductivityGroup[] = ['Billable Work', 'Productive', 'Unproductive'];
const ON_CALL_SUB_CATEGORY = 'On Call';

/** Whether a state's time is paid: it belongs to Billable Work, Productive or Unproductive (not Unclassified). */
export function isPaidState(state: string): boolean {
  const group = classifyState(state)?.group;
  return group !== undefined && PAID_GROUPS.includes(group);
}

/** The ids of the paid states, in AGENT_STATES order. */
export const PAID_STATE_IDS: readonly AgentStateId[] = AGENT_STATES.map((state) => state.id).filter(isPaidState);

/**
 * The productivity stats: each record is capped at 3,600 s first, then summed per sub-category and group.
 * Percent of on-call is the series over On Call time, and can pass 100 (e.g. Ready time longer than call time).
 */
export function summarizeProductivity(records: readonly ActivityRecord[]): ProductivitySummary {
  return summarizeStateSeconds(
    records.map((record) => ({ state: record.state, seconds: cappedActivitySeconds(record.seconds) })),
  );
}

/**
 * The same stats from seconds already capped per record and summed per state (the productivity rollup holds
 * exactly that), so the cap is applied once, where the records are read. Negative or non-finite sums count as 0.
 */
export function summarizeStateSeconds(sums: readonly ActivityRecord[]): ProductivitySummary {
  const bySubCategory = new Map<string, number>();
  const byGroup = new Map<ProductivityGroup, number>();
  for (const sum of sums) {
    const classification = classifyState(sum.state);
    if (!classification) continue;
    const seconds = Number.isFinite(sum.seconds) ? Math.max(sum.seconds, 0) : 0;
    const subKey = `${classification.group}/${classification.subCategory}`;
    bySubCategory.set(subKey, (bySubCategory.get(subKey) ?? 0) + seconds);
    byGroup.set(classification.group, (byGroup.get(classification.group) ?? 0) + seconds);
  }
  const totalSeconds = PRODUCTIVITY_GROUPS.reduce((sum, group) => sum + (byGroup.get(group) ?? 0), 0);
  const onCallSeconds = bySubCategory.get(`Billable Work/${ON_CALL_SUB_CATEGORY}`) ?? 0;
  const paidSeconds = PAID_GROUPS.reduce((sum, group) => sum + (byGroup.get(group) ?? 0), 0);
  const share = (seconds: number): ProductivityShare => ({
    seconds,
    minutes: round2(seconds / 60),
    percentOfTotal: percentOf(seconds, totalSeconds),
    percentOfOnCall: percentOf(seconds, onCallSeconds),
    percentOfPaid: percentOf(seconds, paidSeconds),
  });
  return {
    totalSeconds,
    onCallSeconds,
    paidSeconds,
    groups: PRODUCTIVITY_GROUPS.map((group) => ({
      group,
      ...share(byGroup.get(group) ?? 0),
      subCategories: PRODUCTIVITY_SUB_CATEGORIES[group].map((subCategory) => ({
        subCategory,
        ...share(bySubCategory.get(`${group}/${subCategory}`) ?? 0),
      })),
    })),
  };
}
