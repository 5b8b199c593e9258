import type { Agent } from '@shiftline/shared';
import { DateTime } from 'luxon';
import { http } from '../../lib/http';

/**
 * The agents list (`GET /api/dashboards/agents_list`), preceded as the spec asks (scheduling §7, operations §7)
 * by a POST to agent-records for one month back to one month ahead, in Unix seconds; its answer is not read and
 * its failure does not stop the list. Both calls need the same permission, so whoever may load the list may send it.
 */
export function loadAgentsList(
  filter?: { campaign?: number; group?: number },
  now: Date = new Date(),
): Promise<Agent[]> {
  const at = DateTime.fromJSDate(now);
  void http
    .post('/api/dashboards/agent-records', {
      start: Math.floor(at.minus({ months: 1 }).toSeconds()),
      end: Math.floor(at.plus({ months: 1 }).toSeconds()),
    })
    .catch(() => undefined);
  return http.get<Agent[]>('/api/dashboards/agents_list', filter);
}
