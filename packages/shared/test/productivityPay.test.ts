import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  countsAsLoginTime,
  hourlyEarningsCents,
  productivityPay,
  STATUTORY_PAY_PERCENT,
  statutoryPayCents,
  summarizeProductivity,
  summarizeStateSeconds,
} from '../src/index.js';

describe('summarizeStateSeconds', () => {
  it('does not cap sums that were capped per record already', () => {
    // Two 3,000 s Ready records summed in a rollup: 6,000 s stays 6,000 s.
    expect(summarizeStateSeconds([{ state: 'ready', seconds: 6000 }]).totalSeconds).toBe(6000);
    expect(summarizeProductivity([{ state: 'ready', seconds: 6000 }]).totalSeconds).toBe(3600);
  });

  it('gives the same summary as summarizeProductivity once records are capped and summed per state', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            state: fc.constantFrom('on_call', 'ready', 'break', 'pre_shift', 'logged_out'),
            seconds: fc.nat(9000),
          }),
          { maxLength: 30 },
        ),
        (records) => {
          const perState = new Map<string, number>();
          for (const record of records) {
            perState.set(record.state, (perState.get(record.state) ?? 0) + Math.min(record.seconds, 3600));
          }
          const sums = [...perState].map(([state, seconds]) => ({ state, seconds }));
          expect(summarizeStateSeconds(sums)).toEqual(summarizeProductivity(records));
        },
      ),
    );
  });

  it('counts negative or non-finite sums as 0', () => {
    expect(summarizeStateSeconds([{ state: 'ready', seconds: -5 }]).totalSeconds).toBe(0);
    expect(summarizeStateSeconds([{ state: 'ready', seconds: Number.NaN }]).totalSeconds).toBe(0);
  });
});

describe('countsAsLoginTime', () => {
  it('counts every state but Logged out and the Logout variants', () => {
    expect(countsAsLoginTime('did_ringing')).toBe(true);
    expect(countsAsLoginTime('Not Ready_Text')).toBe(true);
    expect(countsAsLoginTime('ready')).toBe(true);
    expect(countsAsLoginTime('logged_out')).toBe(false);
    expect(countsAsLoginTime('Logged out')).toBe(false);
    expect(countsAsLoginTime('Logout (end of shift)')).toBe(false);
  });
});

describe('productivity pay', () => {
  it('pays paid time at the hourly rate, to the nearest cent', () => {
    expect(hourlyEarningsCents(3600, 1850)).toBe(1850);
    expect(hourlyEarningsCents(6900, 2000)).toBe(3833); // 3833.33
    expect(hourlyEarningsCents(5, 2000)).toBe(3); // 2.78
    expect(hourlyEarningsCents(-10, 2000)).toBe(0);
  });

  it(`adds ${STATUTORY_PAY_PERCENT} % statutory pay`, () => {
    expect(statutoryPayCents(10_000)).toBe(400);
    expect(statutoryPayCents(3833)).toBe(153); // 153.32
  });

  it('rounds hourly pay per agent, statutory once, and never owes less than zero', () => {
    const pay = productivityPay({
      agents: [
        { paidSeconds: 6900, rateCents: 2000 }, // 3833.33 → 3833
        { paidSeconds: 5400, rateCents: 1800 }, // 2700
      ],
      commissionCents: 1250,
      alreadyPaidCents: 6040,
    });
    expect(pay).toEqual({
      hourlyCents: 6533,
      statutoryCents: 261, // 261.32
      earnedCents: 6794,
      commissionCents: 1250,
      alreadyPaidCents: 6040,
      toBePaidCents: 2004,
    });
    expect(productivityPay({ agents: [], commissionCents: 0, alreadyPaidCents: 500 }).toBePaidCents).toBe(0);
  });
});
