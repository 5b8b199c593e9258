import { checkSumEquals, instantOf, parseTimeCell, type SumEqualsRule, textSchema } from '@shiftline/shared';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { writeAudit } from '../../../db/auditLog.js';
import type { Database, UserRow } from '../../../db/schema.js';
import { AppError, conflict, invalidField } from '../../../plugins/errors.js';
import { addStateDeltasToRollups, foldRollupBacklog, type StateDelta } from '../../../rollups/index.js';
import { lockUserRow } from '../../users/index.js';
import { BREAKDOWN_CATEGORIES, bookedState, SUM_RULE_MESSAGE, TOTAL_COLUMN } from './breakdownCategories.js';
import { type BreakdownDayRow, dayVersion, readBreakdownDay } from './breakdownDay.js';
import { agentOfEdit } from './workTimeScope.js';

const MAX_INT = 2_147_483_647;
const cellSchema = textSchema().max(12, { error: 'must be hh:mm:ss' });

/** One row of the form as it comes back: the ids it was sent with and its time cells (other fields are ignored). */
const breakdownRowSchema = z.object({
  user_id: z.number().int().min(1).max(MAX_INT),
  date: z.iso.date({ error: 'must be a date yyyy-mm-dd' }),
  campaign_id: z.number().int().min(0).max(MAX_INT).nullable(),
  /** The day's fingerprint when the form was opened (dayVersion). */
  version: textSchema().max(64),
  editable: z.boolean(),
  [TOTAL_COLUMN]: cellSchema,
  ...Object.fromEntries(BREAKDOWN_CATEGORIES.map((category) => [category.value, cellSchema])),
});

/** POST /api/save_performance_breakdown_data {tableData}: the form's rows. */
export const saveBreakdownBodySchema = z.strictObject({
  tableData: z.array(breakdownRowSchema).min(1, { error: 'must have at least one row' }).max(200),
});
export type SaveBreakdownBody = z.output<typeof saveBreakdownBodySchema>;

const RULE: SumEqualsRule = {
  type: 'sum_equals',
  related: BREAKDOWN_CATEGORIES.map((category) => category.value),
  comparison: TOTAL_COLUMN,
  message: SUM_RULE_MESSAGE,
};

type EditedRow = { index: number; campaignId: number; seconds: Record<string, number>; total: number };

/** The editable rows, each checked: time cells, the sum rule (spec §5), one agent-day, each campaign once. */
function checkRows(body: SaveBreakdownBody): { userId: number; date: string; version: string; rows: EditedRow[] } {
  const editable = body.tableData.flatMap((row, index) => (row.editable ? [{ row, index }] : []));
  const first = editable[0];
  if (!first) throw invalidField('tableData', 'has no editable row');
  const seen = new Set<number>();
  const rows = editable.map(({ row, index }) => {
    const cells = row as unknown as Record<string, string>;
    for (const name of [...RULE.related, TOTAL_COLUMN]) {
      if (parseTimeCell(cells[name] ?? '') === null)
        throw invalidField(`tableData.${index}.${name}`, 'must be hh:mm:ss');
    }
    const broken = checkSumEquals(RULE, cells);
    if (broken) {
      throw new AppError('validation_failed', broken, { [`tableData.${index}.${TOTAL_COLUMN}`]: broken });
    }
    if (row.user_id !== first.row.user_id || row.date !== first.row.date) {
      throw invalidField(`tableData.${index}.date`, 'must be the same agent and day as the other rows');
    }
    const campaignId = row.campaign_id ?? 0;
    if (seen.has(campaignId)) throw invalidField(`tableData.${index}.campaign_id`, 'is given twice');
    seen.add(campaignId);
    const seconds = Object.fromEntries(
      RULE.related.map((name) => [name, parseTimeCell(cells[name] as string) as number]),
    );
    return { index, campaignId, seconds, total: parseTimeCell(cells[TOTAL_COLUMN] as string) as number };
  });
  return { userId: first.row.user_id, date: first.row.date, version: first.row.version, rows };
}

/** The corrections that turn what is stored into what was sent, at the day's local noon (inside the day). */
function deltasOf(edited: EditedRow[], stored: Map<number, BreakdownDayRow>, userId: number, at: Date): StateDelta[] {
  return edited.flatMap((row) => {
    const current = stored.get(row.campaignId);
    if (!current) throw invalidField(`tableData.${row.index}.campaign_id`, 'has no time on this day');
    // The total is the time the agent was logged in: an edit moves time between categories, never adds any.
    if (row.total !== current.total) {
      throw invalidField(`tableData.${row.index}.${TOTAL_COLUMN}`, 'must stay the recorded total');
    }
    return BREAKDOWN_CATEGORIES.flatMap((category) => {
      const seconds = (row.seconds[category.value] ?? 0) - (current.seconds[category.value] ?? 0);
      if (seconds === 0) return [];
      const campaignId = row.campaignId === 0 ? null : row.campaignId;
      return [{ userId, campaignId, state: bookedState(category), at, seconds }];
    });
  });
}

/**
 * Saves an edited agent-day in one transaction: the corrections (agent_time_adjustments), the rollups they change, and
 * the audit entry with the day before and after. The agent's row is locked, so two editors of one day queue.
 */
export async function saveBreakdown(db: Kysely<Database>, viewer: UserRow, body: SaveBreakdownBody) {
  const { userId, date, version, rows } = checkRows(body);
  const zone = viewer.timezone;
  await db.transaction().execute(async (trx) => {
    await agentOfEdit(trx, viewer, userId);
    await lockUserRow(trx, userId);
    await foldRollupBacklog(trx);
    const before = await readBreakdownDay(trx, userId, date, zone);
    if (dayVersion(before) !== version) {
      throw conflict('This record was changed after the form was opened: open it again.', {
        'tableData.0.version': 'is not the record as stored now',
      });
    }
    const stored = new Map(before.map((row) => [row.campaignId, row]));
    const deltas = deltasOf(rows, stored, userId, new Date(instantOf(date, '12:00', zone)));
    if (deltas.length === 0) return;
    await trx
      .insertInto('agent_time_adjustments')
      .values(
        deltas.map((delta) => ({
          user_id: delta.userId,
          campaign_id: delta.campaignId,
          state: delta.state,
          at: delta.at,
          seconds: delta.seconds,
          created_by: viewer.id,
        })),
      )
      .execute();
    await addStateDeltasToRollups(trx, deltas);
    await writeAudit(trx, {
      actorId: viewer.id,
      action: 'performance_breakdown.edit',
      subject: `user:${userId}`,
      details: { date, timezone: zone, before, after: await readBreakdownDay(trx, userId, date, zone) },
    });
  });
  return { status: 'ok' as const };
}
