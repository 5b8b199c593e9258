import { type ColdCallRow, zoneOffsetMinutes } from '@shiftline/shared';
import type { ColdCallListRow } from './coldCalls.repository.js';
import type { ColdCallViewer } from './coldCalls.service.js';

/** A lead as a table row: validity and busy flags, the time-zone difference to the viewer, the last call's result. */
export function toColdCallRow(row: ColdCallListRow, viewer: ColdCallViewer, at: number): ColdCallRow {
  const difference = (zoneOffsetMinutes(at, row.timezone) - zoneOffsetMinutes(at, viewer.timezone)) / 60;
  const lastResult =
    row.last_call_answered_at !== null
      ? 'answered'
      : row.last_call_status === 'ended' || row.last_call_status === 'abandoned'
        ? 'no_answer'
        : null;
  const busy = Boolean(row.busy);
  return {
    id: row.id,
    client_id: row.client_id,
    client_phone: row.client_phone,
    phone: row.phone,
    is_valid: row.phone_valid && !busy,
    phone_valid: row.phone_valid,
    busy,
    client_name: `${row.first_name} ${row.last_name}`.trim(),
    campaign_id: row.campaign_id,
    campaign_name: row.campaign_name,
    list_id: row.list_id,
    list_name: row.list_name,
    custom_fields: row.custom_fields,
    timezone: row.timezone,
    timezone_difference: difference,
    attached_agent_id: row.attached_agent_id,
    attached_agent_name:
      row.agent_first_name === null ? null : `${row.agent_first_name} ${row.agent_second_name ?? ''}`.trim(),
    current_lead: row.attached_agent_id === viewer.id,
    definite: row.definite,
    last_result: lastResult,
    last_called_at: row.last_called_at ? new Date(row.last_called_at).toISOString() : null,
    css_class: !row.phone_valid ? 'invalid' : busy ? 'busy' : '',
    url: null,
  };
}
