import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ACTIVITY_CAP_SECONDS,
  AGENT_STATES,
  cappedActivitySeconds,
  classifyState,
  PRODUCTIVITY_GROUPS,
  PRODUCTIVITY_SUB_CATEGORIES,
  summarizeProductivity,
} from '../src/index.js';

describe('productivity constants', () => {
  it('keeps the spec hierarchy order and the 3,600 s cap', () => {
    expect(PRODUCTIVITY_GROUPS).toEqual(['Billable Work', 'Productive', 'Unproductive', 'Unclassified']);
    expect(ACTIVITY_CAP_SECONDS).toBe(3600);
  });

  it('lists every state §3 names once, with unique snake_case ids', () => {
    expect(AGENT_STATES).toHaveLength(25);
    const ids = AGENT_STATES.map((state) => state.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[a-z]+(_[a-z]+)*$/);
  });

  it('derives the sub-categories of each group in table order', () => {
    expect(PRODUCTIVITY_SUB_CATEGORIES).toEqual({
      'Billable Work': ['On Call', 'After Work', 'Emails and Tickets'],
      Productive: [
        'Ready Time',
        'Meeting',
        'QA Monitoring',
        'Escalation',
        'Follow-up work',
        'Training',
        'Administrative',
        'Outbound Sales Calls',
      ],
      Unproductive: ['Breaks', 'Meal', 'Personal', 'Not Ready', 'System'],
      Unclassified: ['Pre-shift', 'Post-shift'],
    });
  });
});

describe('classifyState', () => {
  it.each([
    ['On call', 'On Call', 'Billable Work'],
    ['On hold', 'On Call', 'Billable Work'],
    ['Ringing', 'On Call', 'Billable Work'],
    ['After-call work', 'After Work', 'Billable Work'],
    ['Email&Tickets', 'Emails and Tickets', 'Billable Work'],
    ['Ready', 'Ready Time', 'Productive'],
    ['Ready (Outbound)', 'Ready Time', 'Productive'],
    ['Meeting', 'Meeting', 'Productive'],
    ['QA Monitoring', 'QA Monitoring', 'Productive'],
    ['Escalation', 'Escalation', 'Productive'],
    ['Follow-up work', 'Follow-up work', 'Productive'],
    ['Training', 'Training', 'Productive'],
    ['Administrative', 'Administrative', 'Productive'],
    ['Outbound Sales Calls', 'Outbound Sales Calls', 'Productive'],
    ['Break', 'Breaks', 'Unproductive'],
    ['Lunch', 'Meal', 'Unproductive'],
    ['Not ready (personal)', 'Personal', 'Unproductive'],
    ['Not ready (automatic)', 'Not Ready', 'Unproductive'],
    ['Technical issues', 'System', 'Unproductive'],
    ['Pre-shift', 'Pre-shift', 'Unclassified'],
    ['Post-shift', 'Post-shift', 'Unclassified'],
  ])('%s → %s / %s', (state, subCategory, group) => {
    expect(classifyState(state)).toEqual({ subCategory, group });
  });

  it('maps logout variants, Logged out, DID Ringing, Not Ready_Text and unknown states to nothing', () => {
    for (const state of ['Logout', 'Logout (forced)', 'logout_auto', 'Logged out', 'DID Ringing', 'Not Ready_Text']) {
      expect(classifyState(state)).toBeNull();
    }
    expect(classifyState('Coffee')).toBeNull();
    expect(classifyState('')).toBeNull();
  });

  it('accepts ids and display names in any case', () => {
    expect(classifyState('on_hold')).toEqual({ subCategory: 'On Call', group: 'Billable Work' });
    expect(classifyState('not_ready_personal')).toEqual({ subCategory: 'Personal', group: 'Unproductive' });
    expect(classifyState(' ON CALL ')).toEqual({ subCategory: 'On Call', group: 'Billable Work' });
    expect(classifyState('did_ringing')).toBeNull();
  });

  it('agrees with the id of every listed state', () => {
    for (const state of AGENT_STATES) expect(classifyState(state.id)).toEqual(classifyState(state.name));
  });
});

describe('cappedActivitySeconds', () => {
  it('caps at 3,600 s and floors at 0', () => {
    expect(cappedActivitySeconds(0)).toBe(0);
    expect(cappedActivitySeconds(3599)).toBe(3599);
    expect(cappedActivitySeconds(3600)).toBe(3600);
    expect(cappedActivitySeconds(3601)).toBe(3600);
    expect(cappedActivitySeconds(86_400)).toBe(3600);
    expect(cappedActivitySeconds(-10)).toBe(0);
    expect(cappedActivitySeconds(Number.NaN)).toBe(0);
    expect(cappedActivitySeconds(Number.POSITIVE_INFINITY)).toBe(0);
  });

  it('never increases a record and never exceeds the cap', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 1e9, noNaN: true }), (seconds) => {
        const capped = cappedActivitySeconds(seconds);
        expect(capped).toBeLessThanOrEqual(seconds);
        expect(capped).toBeLessThanOrEqual(ACTIVITY_CAP_SECONDS);
        expect(capped).toBeGreaterThanOrEqual(0);
      }),
    );
  });
});

describe('summarizeProductivity', () => {
  const records = [
    { state: 'On call', seconds: 1800 },
    { state: 'On hold', seconds: 5000 }, // capped to 3600
    { state: 'Ringing', seconds: 600 },
    { state: 'After-call work', seconds: 600 },
    { state: 'Ready', seconds: 1200 },
    { state: 'Training', seconds: 1200 },
    { state: 'Break', seconds: 900 },
    { state: 'Lunch', seconds: 1800 },
    { state: 'Pre-shift', seconds: 300 },
    { state: 'Logged out', seconds: 20_000 }, // maps to nothing: left out
  ];
  // On Call = 1800 + 3600 + 600 = 6000; Billable = 6000 + 600 = 6600; Productive = 2400;
  // Unproductive = 2700; Unclassified = 300. Total = 12000; paid = 6600 + 2400 + 2700 = 11700.
  const summary = summarizeProductivity(records);
  const group = (name: string) => summary.groups.find((entry) => entry.group === name);

  it('sums capped seconds per group, leaving unmapped states out', () => {
    expect(summary.totalSeconds).toBe(12_000);
    expect(summary.onCallSeconds).toBe(6000);
    expect(summary.paidSeconds).toBe(11_700);
    expect(summary.groups.map((entry) => entry.group)).toEqual([...PRODUCTIVITY_GROUPS]);
    expect(summary.groups.map((entry) => entry.seconds)).toEqual([6600, 2400, 2700, 300]);
  });

  it('gives minutes and the three percents per group', () => {
    // Each group's seconds over 60, over the total (12000), over On Call (6000) and over paid time (11700).
    const expected = {
      'Billable Work': [110, 55, 110, 56.41], // 6600 s; 6600 / 11700 = 0.564103
      Productive: [40, 20, 40, 20.51], // 2400 s; 2400 / 11700 = 0.205128
      Unproductive: [45, 22.5, 45, 23.08], // 2700 s; 2700 / 11700 = 0.230769
      Unclassified: [5, 2.5, 5, 2.56], // 300 s; 300 / 11700 = 0.025641
    };
    for (const [name, [minutes, percentOfTotal, percentOfOnCall, percentOfPaid]] of Object.entries(expected)) {
      expect(group(name), name).toMatchObject({ minutes, percentOfTotal, percentOfOnCall, percentOfPaid });
    }
  });

  it('lists every sub-category of a group, zero ones included', () => {
    expect(group('Billable Work')?.subCategories).toEqual([
      // 6000 / 60 = 100 min; 6000 / 12000 = 50 %; 6000 / 11700 = 51.28 %
      {
        subCategory: 'On Call',
        seconds: 6000,
        minutes: 100,
        percentOfTotal: 50,
        percentOfOnCall: 100,
        percentOfPaid: 51.28,
      },
      // 600 / 60 = 10; 600 / 12000 = 5 %; 600 / 6000 = 10 %; 600 / 11700 = 5.128 %
      {
        subCategory: 'After Work',
        seconds: 600,
        minutes: 10,
        percentOfTotal: 5,
        percentOfOnCall: 10,
        percentOfPaid: 5.13,
      },
      {
        subCategory: 'Emails and Tickets',
        seconds: 0,
        minutes: 0,
        percentOfTotal: 0,
        percentOfOnCall: 0,
        percentOfPaid: 0,
      },
    ]);
    const unproductive = group('Unproductive')?.subCategories ?? [];
    expect(unproductive.map((entry) => [entry.subCategory, entry.seconds])).toEqual([
      ['Breaks', 900],
      ['Meal', 1800],
      ['Personal', 0],
      ['Not Ready', 0],
      ['System', 0],
    ]);
    // 1 s = 0.0167 min → 0.02 with 2 decimals.
    expect(summarizeProductivity([{ state: 'Meeting', seconds: 1 }]).groups[1]?.minutes).toBe(0.02);
  });

  it('gives 0 percents, never NaN, when there is nothing to divide by', () => {
    const empty = summarizeProductivity([]);
    expect(empty.totalSeconds).toBe(0);
    for (const entry of empty.groups) {
      expect([entry.seconds, entry.percentOfTotal, entry.percentOfOnCall, entry.percentOfPaid]).toEqual([0, 0, 0, 0]);
    }
    // Unclassified time only: no on-call and no paid time.
    const preShift = summarizeProductivity([{ state: 'Post-shift', seconds: 120 }]);
    expect(preShift.groups[3]).toMatchObject({
      seconds: 120,
      percentOfTotal: 100,
      percentOfOnCall: 0,
      percentOfPaid: 0,
    });
  });

  it('caps each record, not the sum', () => {
    // Two records of 3000 s: 6000 s in all, each under the cap; one record of 6000 s counts 3600.
    expect(
      summarizeProductivity([
        { state: 'Ready', seconds: 3000 },
        { state: 'Ready', seconds: 3000 },
      ]).totalSeconds,
    ).toBe(6000);
    expect(summarizeProductivity([{ state: 'Ready', seconds: 6000 }]).totalSeconds).toBe(3600);
  });

  it('keeps group sums equal to the total and shares of total within [0, 100]', () => {
    const stateArb = fc.constantFrom(...AGENT_STATES.map((state) => state.name), 'Unknown');
    fc.assert(
      fc.property(
        fc.array(fc.record({ state: stateArb, seconds: fc.nat({ max: 20_000 }) }), { maxLength: 40 }),
        (rows) => {
          const result = summarizeProductivity(rows);
          const groupSum = result.groups.reduce((sum, entry) => sum + entry.seconds, 0);
          expect(groupSum).toBe(result.totalSeconds);
          for (const entry of result.groups) {
            const subSum = entry.subCategories.reduce((sum, sub) => sum + sub.seconds, 0);
            expect(subSum).toBe(entry.seconds);
            expect(entry.percentOfTotal).toBeGreaterThanOrEqual(0);
            expect(entry.percentOfTotal).toBeLessThanOrEqual(100);
          }
          // Capping never adds time: the summary is at most the raw classified sum.
          const raw = rows.filter((row) => classifyState(row.state)).reduce((sum, row) => sum + row.seconds, 0);
          expect(result.totalSeconds).toBeLessThanOrEqual(raw);
        },
      ),
    );
  });
});
