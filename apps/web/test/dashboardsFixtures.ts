import {
  CALL_DURATION_BUCKETS,
  type CallMetrics,
  type CampaignType,
  type DashboardRecords,
  DISPOSITION_BUCKETS,
  type LastMonthData,
  QUEUE_BUCKETS,
} from '@shiftline/shared';

export function fakeMetrics(overrides: Partial<CallMetrics> = {}): CallMetrics {
  return {
    callsMade: 120,
    minutesUsed: 410,
    avgCallTime: 185,
    avgQueueTime: 65,
    avgBilledQueueTime: 48,
    callsContactRate: 62.5,
    billedCalls: 90,
    takenCalls: 100,
    missedCalls: 8,
    abandonedCalls: 12,
    callbacksRequested: 4,
    allCalls: 120,
    billedTime: 24_600,
    billedAmountCents: 232_450,
    avgBilledTime: 273,
    takenTime: 18_500,
    unansweredCalls: 0,
    callbacksRequestedAsBill: 1,
    connectedCalls: 75,
    callsToday: 20,
    ...overrides,
  };
}

export function fakeRecords(campaignType: CampaignType, overrides: Partial<DashboardRecords> = {}): DashboardRecords {
  return {
    timezone: 'America/Toronto',
    campaignType,
    campaigns: [1],
    totals: fakeMetrics(),
    today: fakeMetrics({ allCalls: 20, callsMade: 20 }),
    daily: [
      {
        date: '2030-01-16',
        metrics: fakeMetrics({ allCalls: 70 }),
        dispositions: { resolved: 30, sale: 5, callback: 2, escalated: 1, not_interested: 0, no_contact: 3, other: 1 },
      },
      {
        date: '2030-01-15',
        metrics: fakeMetrics({ allCalls: 50 }),
        dispositions: { resolved: 20, sale: 3, callback: 1, escalated: 0, not_interested: 2, no_contact: 1, other: 0 },
      },
    ],
    hourly: [
      {
        hour: 9,
        metrics: fakeMetrics({ allCalls: 30, abandonedCalls: 5 }),
        queueBuckets: QUEUE_BUCKETS.map((bucket, index) => ({ label: bucket.label, calls: 10 - index * 2 })),
      },
      {
        hour: 14,
        metrics: fakeMetrics({ allCalls: 90, abandonedCalls: 7 }),
        queueBuckets: QUEUE_BUCKETS.map((bucket, index) => ({ label: bucket.label, calls: 30 - index * 5 })),
      },
    ],
    queueBuckets: QUEUE_BUCKETS.map((bucket, index) => ({ label: bucket.label, calls: [60, 30, 20, 10][index] ?? 0 })),
    durationBuckets: CALL_DURATION_BUCKETS.map((bucket, index) => ({
      label: bucket.label,
      calls: [50, 25, 15, 10][index] ?? 0,
    })),
    dispositions: DISPOSITION_BUCKETS.map((bucket, index) => ({
      bucket: bucket.id,
      label: bucket.label,
      calls: 10 + index,
    })),
    leads: { totalLeads: 40, validLeads: 31, sales: 9 },
    callbacksEnabled: false,
    ...overrides,
  };
}

export function fakeLastMonth(): LastMonthData {
  return {
    timezone: 'America/Toronto',
    days: [{ date: '2030-01-16', billedCalls: 80, callsMade: 95, minutesUsed: 300, avgQueueTime: 61 }],
    cards: { calls: 77.42, minutes: 290.32, queueTime: 67 },
  };
}
