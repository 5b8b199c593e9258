import { aroundTheClock, instantOf, proposeBreaks } from '@shiftline/shared';
import { DateTime } from 'luxon';
import type { Page } from 'playwright-core';

/** Calls the API from inside a signed-in page, with its cookie and CSRF token, as the web app does. */
export function api<T>(
  page: Page,
  method: 'GET' | 'POST',
  url: string,
  body?: unknown,
): Promise<{ status: number; json: T }> {
  return page.evaluate(
    async ({ method, url, body }) => {
      const me = await (await fetch('/api/auth/me')).json();
      const response = await fetch(url, {
        method,
        headers: {
          'x-csrf-token': me.csrf_token,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      return { status: response.status, json: await response.json() };
    },
    { method, url, body },
  );
}

/**
 * Opens an agent's campaigns around the clock through the administration's campaign form (its data, saved back with
 * new hours), as an administrator would: campaigns refuse calls and dials outside their working hours, and a test
 * that dials at the machine's real time must find them open at any hour. `admin` is an administrator's page, `agent`
 * the agent's.
 */
export async function openCampaignsAroundTheClock(admin: Page, agent: Page): Promise<void> {
  const me = await api<{ user: { id: number } }>(agent, 'GET', '/api/auth/me');
  const campaigns = await api<{ id: number }[]>(
    admin,
    'GET',
    `/api/dashboards/user-campaigns-popup/${me.json.user.id}`,
  );
  for (const { id } of campaigns.json) {
    const form = await api<Record<string, unknown> & { working_hours: { time_zone: string } }>(
      admin,
      'GET',
      `/api/admin/campaigns/${id}`,
    );
    const { id: _id, ...fields } = form.json;
    const hours = aroundTheClock(form.json.working_hours.time_zone);
    const saved = await api(admin, 'POST', `/api/admin/campaigns/${id}`, { ...fields, working_hours: hours });
    if (saved.status !== 200) throw new Error(`campaign ${id} not saved: ${JSON.stringify(saved.json)}`);
  }
}

export const localDay = (offsetDays: number, zone: string) =>
  DateTime.now().setZone(zone).plus({ days: offsetDays }).toISODate() as string;

/** A save_new_event body from local times, with the breaks the dialog proposes. */
export function shiftBody(day: string, from: string, to: string, zone: string) {
  const start = instantOf(day, from, zone);
  const end = instantOf(day, to, zone);
  const iso = (ms: number) => new Date(ms).toISOString();
  return {
    start: iso(start),
    end: iso(end),
    breaks: proposeBreaks({ start, end }).map((b) => ({ type: b.type, start: iso(b.start) })),
  };
}

/** Saves a shift of the signed-in user from local times, with the breaks the dialog proposes, as the dialog does. */
export const saveShift = (page: Page, day: string, from: string, to: string, zone: string) =>
  api<{ id: number }>(page, 'POST', '/api/schedules/save_new_event', shiftBody(day, from, to, zone));

/** Whole local days [from, to) as instants, for days-off requests. */
export function daysBody(from: string, toExclusive: string, zone: string) {
  return {
    start: new Date(instantOf(from, '00:00', zone)).toISOString(),
    end: new Date(instantOf(toExclusive, '00:00', zone)).toISOString(),
  };
}

/** The signed-in user's shifts from now to 40 days ahead, as the API returns them. */
export async function upcomingShifts(page: Page): Promise<{ id: number; status: string; start_utc: string }[]> {
  const from = new Date().toISOString();
  const to = new Date(Date.now() + 40 * 86_400_000).toISOString();
  const schedule = await api<{ shifts: { id: number; status: string; start_utc: string }[] }>(
    page,
    'GET',
    `/api/schedules/get_user_schedule?start_period=${from}&end_period=${to}`,
  );
  return schedule.json.shifts;
}
