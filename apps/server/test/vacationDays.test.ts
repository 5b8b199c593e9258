import { instantOf } from '@shiftline/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { approveOverlappingDaysOff, signedInRequests } from './support/requests.js';
import { dayRangeIn } from './support/shiftBodies.js';
import { createTestUser, demoEmail, login, type Session, testAppForTests } from './support/testApp.js';

// Days off are their owner's local days: a Toronto agent's two days read as two days to a Chicago supervisor.
const NOW = Date.parse('2030-01-10T12:00:00Z');
const OWNER_ZONE = 'America/Toronto';
const VIEWER_ZONE = 'America/Chicago';
const t = testAppForTests({}, { now: () => NOW });
let scheduler: Session;
let agent: Session;

const { get, post } = signedInRequests(() => t);
/** Whole days in the owner's zone, from the start of the first to the start of the day after the last. */
const ownerDays = dayRangeIn(OWNER_ZONE);

beforeAll(async () => {
  scheduler = await login(t.app, demoEmail('schedule_supervisor'));
  await post(scheduler, '/api/profile/timezone', { timezone: VIEWER_ZONE });
  await createTestUser(t.database, { email: 'toronto.agent@test.local', timezone: OWNER_ZONE });
  agent = await login(t.app, 'toronto.agent@test.local');
});

describe('days off in the owner’s zone', () => {
  it('lists each request with its owner’s zone, so any viewer counts the owner’s days', async () => {
    const requested = await post(agent, '/api/schedules/create_vacation', {
      ...ownerDays('2030-02-05', '2030-02-07'),
      reason: 'vacation',
    });
    expect(requested.statusCode).toBe(201);
    const listed = (await get(scheduler, '/api/schedules/get_days_off')).json();
    const rows: { id: number; timezone: string }[] = Array.isArray(listed) ? listed : listed.days_off;
    expect(rows.find((row) => row.id === requested.json().id)?.timezone).toBe(OWNER_ZONE);
  });

  it('names the owner’s days, not the approver’s, when an approval is refused for overlapping days off', async () => {
    const { refused } = await approveOverlappingDaysOff(
      () => t,
      { agent, scheduler },
      ownerDays('2030-03-05', '2030-03-07'),
      ownerDays('2030-03-06', '2030-03-08'),
    );
    // In Chicago these instants read 3/5/2030 23:00 – 3/7/2030 22:59: three days instead of the owner's two.
    expect(refused.json().error.message).toBe(
      'Cannot be approved! The days from the selected period 3/6/2030 - 3/7/2030 have already been approved as days off.',
    );
  });

  it('stores days a supervisor picks in their own zone as the same dates in the owner’s zone', async () => {
    // Feb 12 – 13 picked in Chicago: from Chicago midnight to Chicago midnight.
    const picked = {
      start: new Date(instantOf('2030-02-12', '00:00', VIEWER_ZONE)).toISOString(),
      end: new Date(instantOf('2030-02-14', '00:00', VIEWER_ZONE)).toISOString(),
    };
    const entered = await post(scheduler, '/api/schedules/create_vacation', {
      ...picked,
      reason: 'personal',
      user: agent.userId,
    });
    expect(entered.statusCode).toBe(201);
    const listed = (await get(scheduler, '/api/schedules/get_days_off')).json();
    const rows: { id: number; start_utc: string; end_utc: string }[] = Array.isArray(listed) ? listed : listed.days_off;
    const row = rows.find((candidate) => candidate.id === entered.json().id);
    expect(row && { start: row.start_utc, end: row.end_utc }).toEqual({
      start: ownerDays('2030-02-12', '2030-02-14').start,
      end: ownerDays('2030-02-12', '2030-02-14').end,
    });
  });
});
