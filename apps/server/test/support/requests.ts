import { expect } from 'vitest';
import { as, type Session, type TestApp } from './testApp.js';

/**
 * GET and POST as a signed-in user. The test app is read when a request is made (files assign it in beforeAll);
 * a POST without a payload sends no body.
 */
export function signedInRequests(testApp: () => TestApp) {
  return {
    get: (session: Session, url: string) => testApp().app.inject({ url, headers: as(session) }),
    post: (session: Session, url: string, payload?: object) =>
      testApp().app.inject({ method: 'POST', url, headers: as(session), ...(payload ? { payload } : {}) }),
  };
}

type DayRange = { start: string; end: string };

/**
 * Days off `first` that `agent` requests and `scheduler` approves, then days `overlapping` them that the scheduler
 * enters for the agent and tries to approve: answers the agent's request and that refused approval.
 */
export async function approveOverlappingDaysOff(
  testApp: () => TestApp,
  { agent, scheduler }: { agent: Session; scheduler: Session },
  first: DayRange,
  overlapping: DayRange,
) {
  const { post } = signedInRequests(testApp);
  const requested = await post(agent, '/api/schedules/create_vacation', { ...first, reason: 'vacation' });
  expect((await post(scheduler, `/api/schedules/approve_vacation/${requested.json().id}`)).statusCode).toBe(200);
  const entered = await post(scheduler, '/api/schedules/create_vacation', {
    ...overlapping,
    reason: 'personal',
    user: agent.userId,
  });
  const refused = await post(scheduler, `/api/schedules/approve_vacation/${entered.json().id}`);
  expect(refused.statusCode).toBe(409);
  return { requested, refused };
}
