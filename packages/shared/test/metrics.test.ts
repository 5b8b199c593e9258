import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ABANDONED_REFERENCE_LINE,
  ADDITIVE_CALL_METRICS,
  addAggregates,
  bucketCallDuration,
  bucketQueueSeconds,
  CALL_AGGREGATE_FIELDS,
  CALL_DURATION_BUCKETS,
  type CallAggregate,
  COMPARISON_DASH,
  CONNECTED_CALL_SECONDS,
  comparisonPercent,
  computeCallMetrics,
  DASHBOARD_GRID_COLUMNS,
  EMPTY_CALL_AGGREGATE,
  formatDonutPercent,
  formatMinutesTotal,
  formatMoneyCard,
  formatMoneyRow,
  formatQueueTime,
  isConnectedCall,
  LAST_MONTH_DAYS_DIVISOR,
  lastMonthDailyAverage,
  minutesRoundedUp,
  percentOf,
  QUEUE_BUCKETS,
  sumAggregates,
} from '../src/index.js';

const aggregate = (fields: Partial<CallAggregate>): CallAggregate => ({ ...EMPTY_CALL_AGGREGATE, ...fields });

// A rollup row that could really happen: every subset count is at most the count it is a subset of.
const aggregateArb: fc.Arbitrary<CallAggregate> = fc
  .record({
    allCalls: fc.nat({ max: 5000 }),
    taken: fc.double({ min: 0, max: 1, noNaN: true }),
    billed: fc.double({ min: 0, max: 1, noNaN: true }),
    connected: fc.double({ min: 0, max: 1, noNaN: true }),
    missedCalls: fc.nat({ max: 5000 }),
    abandonedCalls: fc.nat({ max: 5000 }),
    unansweredCalls: fc.nat({ max: 5000 }),
    callbacksRequested: fc.nat({ max: 5000 }),
    asBill: fc.nat({ max: 5000 }),
    callsToday: fc.nat({ max: 5000 }),
    queueSeconds: fc.nat({ max: 5_000_000 }),
    billedQueue: fc.nat({ max: 5_000_000 }),
    talkSeconds: fc.nat({ max: 5_000_000 }),
    billedSeconds: fc.nat({ max: 5_000_000 }),
    billedCents: fc.nat({ max: 50_000_000 }),
  })
  .map(({ taken, billed, connected, asBill, billedQueue, ...counts }) => {
    const takenCalls = Math.floor(counts.allCalls * taken);
    return {
      ...counts,
      takenCalls,
      billedCalls: Math.floor(takenCalls * billed),
      callbacksRequestedAsBill: Math.min(asBill, counts.callbacksRequested),
      connectedCalls: Math.floor(takenCalls * connected),
      billedQueueSeconds: Math.min(billedQueue, counts.queueSeconds),
    };
  });

describe('metric constants', () => {
  it('holds the spec §9 values', () => {
    expect(CONNECTED_CALL_SECONDS).toBe(40);
    expect(LAST_MONTH_DAYS_DIVISOR).toBe(31);
    expect(ABANDONED_REFERENCE_LINE).toBe(60);
    expect(DASHBOARD_GRID_COLUMNS).toEqual({ default: 5, clientPortal: 6 });
    expect(COMPARISON_DASH).toBe('-');
  });

  it('labels the queue buckets exactly as the spec and bounds them at 1, 2 and 4 minutes', () => {
    expect(QUEUE_BUCKETS.map((bucket) => bucket.label)).toEqual(['< 1 min', '< 2 min', '< 4 min', '> 4 min']);
    // 1, 2, 4 minutes = 60, 120, 240 seconds; the last one is open.
    expect(QUEUE_BUCKETS.map((bucket) => bucket.maxSeconds)).toEqual([60, 120, 240, Number.POSITIVE_INFINITY]);
  });

  it('bounds the call-duration buckets at 4, 6 and 8 minutes', () => {
    expect(CALL_DURATION_BUCKETS.map((bucket) => bucket.label)).toEqual(['< 4 min', '4-6 min', '6-8 min', '> 8 min']);
    // 4, 6, 8 minutes = 240, 360, 480 seconds.
    expect(CALL_DURATION_BUCKETS.map((bucket) => bucket.maxSeconds)).toEqual([240, 360, 480, Number.POSITIVE_INFINITY]);
  });
});

describe('buckets (upper-exclusive)', () => {
  it.each([
    [0, '< 1 min'],
    [59, '< 1 min'],
    [59.9, '< 1 min'],
    [60, '< 2 min'],
    [119, '< 2 min'],
    [120, '< 4 min'],
    [239, '< 4 min'],
    [240, '> 4 min'],
    [10_000, '> 4 min'],
    [Number.NaN, '> 4 min'],
  ])('queue %s s → %s', (seconds, label) => {
    expect(bucketQueueSeconds(seconds)).toBe(label);
  });

  it.each([
    [0, '< 4 min'],
    [239, '< 4 min'],
    [240, '4-6 min'],
    [359, '4-6 min'],
    [360, '6-8 min'],
    [479, '6-8 min'],
    [480, '> 8 min'],
    [7200, '> 8 min'],
  ])('call duration %s s → %s', (seconds, label) => {
    expect(bucketCallDuration(seconds)).toBe(label);
  });

  it('puts every non-negative time in exactly the first bucket whose bound exceeds it', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 1e6, noNaN: true }), (seconds) => {
        const queue = QUEUE_BUCKETS.find((bucket) => seconds < bucket.maxSeconds);
        expect(bucketQueueSeconds(seconds)).toBe(queue?.label);
        const duration = CALL_DURATION_BUCKETS.find((bucket) => seconds < bucket.maxSeconds);
        expect(bucketCallDuration(seconds)).toBe(duration?.label);
      }),
    );
  });
});

describe('connected calls', () => {
  it('needs talk strictly over 40 s', () => {
    expect(isConnectedCall(40)).toBe(false);
    expect(isConnectedCall(40.5)).toBe(true);
    expect(isConnectedCall(41)).toBe(true);
    expect(isConnectedCall(0)).toBe(false);
  });
});

describe('computeCallMetrics', () => {
  const row = aggregate({
    allCalls: 200,
    takenCalls: 150,
    billedCalls: 120,
    missedCalls: 30,
    abandonedCalls: 15,
    unansweredCalls: 5,
    callbacksRequested: 12,
    callbacksRequestedAsBill: 4,
    connectedCalls: 90,
    callsToday: 33,
    queueSeconds: 9_000,
    billedQueueSeconds: 4_000,
    talkSeconds: 27_000,
    billedSeconds: 21_601,
    billedCents: 204_010,
  });

  it('computes every metric by its formula', () => {
    expect(computeCallMetrics(row)).toEqual({
      callsMade: 200, // = allCalls
      minutesUsed: 361, // ceil(21601 / 60) = ceil(360.0167) = 361
      avgCallTime: 180, // 27000 / 150 = 180
      avgQueueTime: 45, // 9000 / 200 = 45
      avgBilledQueueTime: 33, // 4000 / 120 = 33.33 → 33
      callsContactRate: 45, // 90 / 200 * 100 = 45
      billedCalls: 120,
      takenCalls: 150,
      missedCalls: 30,
      abandonedCalls: 15,
      callbacksRequested: 12,
      allCalls: 200,
      billedTime: 21_601, // = billedSeconds
      avgBilledTime: 180, // 21601 / 120 = 180.008 → 180
      takenTime: 27_000, // = talkSeconds
      unansweredCalls: 5,
      callbacksRequestedAsBill: 4,
      connectedCalls: 90,
      callsToday: 33,
      billedAmountCents: 204_010,
    });
  });

  it('rounds averages to whole seconds and the contact rate to 2 decimals', () => {
    // 100 / 3 = 33.33 → 33; 200 / 3 = 66.67 → 67; contact 1 / 3 * 100 = 33.333 → 33.33; 2 / 3 → 66.67.
    const metrics = computeCallMetrics(
      aggregate({ allCalls: 3, takenCalls: 3, billedCalls: 3, connectedCalls: 1, talkSeconds: 100, queueSeconds: 200 }),
    );
    expect(metrics.avgCallTime).toBe(33);
    expect(metrics.avgQueueTime).toBe(67);
    expect(metrics.callsContactRate).toBe(33.33);
    expect(computeCallMetrics(aggregate({ allCalls: 3, connectedCalls: 2 })).callsContactRate).toBe(66.67);
  });

  it('gives 0, never NaN, for every ratio of an empty aggregate', () => {
    const metrics = computeCallMetrics(EMPTY_CALL_AGGREGATE);
    for (const value of Object.values(metrics)) expect(value).toBe(0);
  });

  it('gives 0 averages when only the count is 0', () => {
    // Seconds without calls (a corrupt row) must not divide by zero.
    const metrics = computeCallMetrics(aggregate({ talkSeconds: 50, queueSeconds: 50, billedQueueSeconds: 5 }));
    expect([metrics.avgCallTime, metrics.avgQueueTime, metrics.avgBilledQueueTime, metrics.avgBilledTime]).toEqual([
      0, 0, 0, 0,
    ]);
  });

  it('rounds minutes used up once, on the total', () => {
    expect(computeCallMetrics(aggregate({ billedSeconds: 1 })).minutesUsed).toBe(1); // ceil(1/60)
    expect(computeCallMetrics(aggregate({ billedSeconds: 60 })).minutesUsed).toBe(1); // ceil(60/60)
    expect(computeCallMetrics(aggregate({ billedSeconds: 61 })).minutesUsed).toBe(2); // ceil(61/60)
    // Two rows of 30 s: 60 s together is 1 minute, not 1 + 1.
    const half = aggregate({ billedSeconds: 30 });
    expect(computeCallMetrics(addAggregates(half, half)).minutesUsed).toBe(1);
  });
});

describe('addAggregates', () => {
  it('adds field by field', () => {
    const a = aggregate({ allCalls: 2, talkSeconds: 100, connectedCalls: 1 });
    const b = aggregate({ allCalls: 3, talkSeconds: 50, callsToday: 4 });
    expect(addAggregates(a, b)).toEqual(aggregate({ allCalls: 5, talkSeconds: 150, connectedCalls: 1, callsToday: 4 }));
    expect(a.allCalls).toBe(2); // inputs untouched
    expect(sumAggregates([])).toEqual(EMPTY_CALL_AGGREGATE);
    expect(sumAggregates([a, b, a]).allCalls).toBe(7); // 2 + 3 + 2
  });

  it('is commutative, associative and has the empty aggregate as identity', () => {
    fc.assert(
      fc.property(aggregateArb, aggregateArb, aggregateArb, (a, b, c) => {
        expect(addAggregates(a, b)).toEqual(addAggregates(b, a));
        expect(addAggregates(addAggregates(a, b), c)).toEqual(addAggregates(a, addAggregates(b, c)));
        expect(addAggregates(a, EMPTY_CALL_AGGREGATE)).toEqual(a);
      }),
    );
  });

  it('makes additive metrics of the combined row the sum of the parts, and minutes used at most the sum', () => {
    fc.assert(
      fc.property(aggregateArb, aggregateArb, (a, b) => {
        const combined = computeCallMetrics(addAggregates(a, b));
        const left = computeCallMetrics(a);
        const right = computeCallMetrics(b);
        for (const name of ADDITIVE_CALL_METRICS) expect(combined[name]).toBe(left[name] + right[name]);
        expect(combined.minutesUsed).toBeGreaterThanOrEqual(Math.max(left.minutesUsed, right.minutesUsed));
        expect(combined.minutesUsed).toBeLessThanOrEqual(left.minutesUsed + right.minutesUsed);
        // Ratios are recomputed from the sums, never averaged from the parts.
        const sum = addAggregates(a, b);
        expect(combined.callsContactRate).toBe(percentOf(sum.connectedCalls, sum.allCalls));
      }),
    );
  });

  it('keeps the contact rate within [0, 100] for any real row', () => {
    fc.assert(
      fc.property(aggregateArb, aggregateArb, (a, b) => {
        for (const row of [a, b, addAggregates(a, b)]) {
          const rate = computeCallMetrics(row).callsContactRate;
          expect(rate).toBeGreaterThanOrEqual(0);
          expect(rate).toBeLessThanOrEqual(100);
        }
      }),
    );
  });

  it('lists every field once', () => {
    expect(new Set(CALL_AGGREGATE_FIELDS).size).toBe(15);
  });
});

describe('lastMonthDailyAverage', () => {
  it('divides by 31 whatever the month, 2 decimals', () => {
    expect(lastMonthDailyAverage(3100)).toBe(100); // 3100 / 31
    expect(lastMonthDailyAverage(100)).toBe(3.23); // 100 / 31 = 3.2258
    expect(lastMonthDailyAverage(0)).toBe(0);
  });
});

describe('percentOf', () => {
  it('rounds to 2 decimals and gives 0 for a 0 denominator', () => {
    expect(percentOf(1, 8)).toBe(12.5); // 1 / 8 * 100
    expect(percentOf(1, 3)).toBe(33.33); // 33.333…
    expect(percentOf(2, 3)).toBe(66.67); // 66.666…
    expect(percentOf(1, 200)).toBe(0.5);
    expect(percentOf(5, 0)).toBe(0);
    expect(percentOf(0, 0)).toBe(0);
    expect(percentOf(1.005, 100)).toBe(1.01); // float 1.005 would round down without the epsilon
  });

  it('stays within [0, 100] whenever the part is at most the total', () => {
    fc.assert(
      fc.property(fc.nat({ max: 1e7 }), fc.nat({ max: 1e7 }), (x, y) => {
        const value = percentOf(Math.min(x, y), Math.max(x, y));
        expect(value).toBeGreaterThanOrEqual(0);
        expect(value).toBeLessThanOrEqual(100);
      }),
    );
  });
});

describe('comparisonPercent', () => {
  it('is the change against the compared value, a dash when that is 0', () => {
    expect(comparisonPercent(150, 100)).toBe(50); // (150 - 100) / 100
    expect(comparisonPercent(50, 100)).toBe(-50); // (50 - 100) / 100
    expect(comparisonPercent(100, 100)).toBe(0);
    expect(comparisonPercent(1, 3)).toBe(-66.67); // (1 - 3) / 3 = -0.6667
    expect(comparisonPercent(10, 0)).toBe('-');
    expect(comparisonPercent(0, 0)).toBe('-');
  });
});

describe('formatting', () => {
  it('shows donut percents with 2 decimals', () => {
    expect(formatDonutPercent(1, 8)).toBe('12.50%');
    expect(formatDonutPercent(1, 3)).toBe('33.33%');
    expect(formatDonutPercent(4, 4)).toBe('100.00%');
    expect(formatDonutPercent(0, 0)).toBe('0.00%');
  });

  it.each([
    [0, '0:00'],
    [7, '0:07'],
    [9, '0:09'],
    [10, '0:10'],
    [59, '0:59'],
    [60, '1:00'],
    [65, '1:05'],
    [600, '10:00'],
    [3725, '62:05'], // 62 * 60 + 5
    [7.4, '0:07'],
    [7.6, '0:08'],
    [-5, '0:00'],
    [Number.NaN, '0:00'],
  ])('queue time %s s → %s', (seconds, text) => {
    expect(formatQueueTime(seconds)).toBe(text);
  });

  it('shows money on cards with 2 decimals and in rows with none', () => {
    expect(formatMoneyCard(123_456_789)).toBe('$1,234,567.89'); // cents / 100
    expect(formatMoneyCard(5)).toBe('$0.05');
    expect(formatMoneyCard(0)).toBe('$0.00');
    expect(formatMoneyCard(-1234)).toBe('-$12.34');
    expect(formatMoneyRow(123_450)).toBe('$1,235'); // 1234.50 → 1,235
    expect(formatMoneyRow(123_449)).toBe('$1,234'); // 1234.49 → 1,234
    expect(formatMoneyRow(0)).toBe('$0');
  });

  it('rounds total minutes up', () => {
    expect(minutesRoundedUp(0)).toBe(0);
    expect(minutesRoundedUp(1)).toBe(1);
    expect(minutesRoundedUp(60)).toBe(1);
    expect(minutesRoundedUp(61)).toBe(2);
    expect(minutesRoundedUp(-30)).toBe(0);
    expect(formatMinutesTotal(3_600_001)).toBe('60,001'); // ceil(60000.017)
    expect(formatMinutesTotal(90)).toBe('2'); // ceil(1.5)
  });
});
