import {
  can,
  describeRuleError,
  expandPlanner,
  formatSchedulerRule,
  localDateInZone,
  MINUTE_MS,
  overlaps,
  PLANNER_HORIZON_DAYS,
  type Planner,
  parseSchedulerRule,
  plannerDateProblems,
  plannerLastDate,
  ruleRepeats,
  type SchedulerRule,
  type SetPlannerResult,
  type SkippedDayReason,
  STEP_MINUTES,
} from '@shiftline/shared';
import type { UserRow } from '../../db/schema.js';
import { AppError, forbidden } from '../../plugins/errors.js';
import { type BusyTime, breakRows, type NewShift, plannedStatus, scheduleOwner, shiftOrigin } from '../shifts/index.js';
import type { UsersRepository } from '../users/index.js';
import type { PlannerRecord, PlannersRepository } from './planners.repository.js';

const DAY_MS = 86_400_000;
const HORIZON_MS = PLANNER_HORIZON_DAYS * DAY_MS;
const STEP_MS = STEP_MINUTES * MINUTE_MS;

export type SetPlannerInput = {
  start: string;
  scheduler: string[];
  end_date: string | null;
  user?: number;
  zone?: string;
};

export type TopUpReport = {
  planners: number;
  created: number;
  kept: number;
  skipped: number;
  /** Planners whose top-up failed (rolled back), with the reason. */
  failed: { planner: number; error: string }[];
};

type FillCounts = { created: number; kept: number; skipped: number; skippedDays: SkippedDay[] };
type SkippedDay = { date: string; reason: SkippedDayReason };

/** Stored rules were valid when saved; one that no longer parses is a bug, not user input. */
function storedRules(planner: PlannerRecord): SchedulerRule[] {
  return planner.scheduler.map((text) => {
    const result = parseSchedulerRule(text);
    if (!result.ok) throw new Error(`planner ${planner.id}: stored rule '${text}' no longer parses`);
    return result.rule;
  });
}

export function createPlannersService(deps: {
  planners: PlannersRepository;
  users: UsersRepository;
  inTransaction: <T>(work: (planners: PlannersRepository) => Promise<T>) => Promise<T>;
  now?: () => number;
}) {
  const { planners, users, inTransaction } = deps;
  const now = deps.now ?? Date.now;

  /** Whose planner is read or set: the viewer's, or anyone's for a schedule supervisor. */
  const plannerOwner = (viewer: UserRow, userId: number | undefined) =>
    scheduleOwner(users, viewer, userId, 'You may only see and set your own planner.');

  const describe = (planner: PlannerRecord): Planner => ({
    id: planner.id,
    user_id: planner.user_id,
    start_planner: planner.start_planner,
    end_planner: planner.end_planner,
    scheduler: planner.scheduler,
    zone: planner.zone,
  });

  /**
   * Creates the planner's shifts starting in [from, to): an occurrence identical to a live shift is kept
   * (and linked to the planner when it came from the planner being replaced); one overlapping other live
   * shifts, blocking vacations, an earlier occurrence or lying before the display-from date is skipped.
   */
  async function fill(
    trx: PlannersRepository,
    planner: PlannerRecord,
    owner: { id: number; display_from: Date | null },
    window: { from: number; to: number },
    relinkable: ReadonlySet<number> = new Set(),
  ): Promise<FillCounts> {
    const counts: FillCounts = { created: 0, kept: 0, skipped: 0, skippedDays: [] };
    const skip = (start: number, reason: SkippedDayReason) => {
      counts.skipped += 1;
      counts.skippedDays.push({ date: localDateInZone(start, planner.zone), reason });
    };
    const occurrences = expandPlanner({
      rules: storedRules(planner),
      startPlanner: planner.start_planner,
      endPlanner: planner.end_planner,
      zone: planner.zone,
      from: window.from,
      to: window.to,
    });
    if (occurrences.length === 0) return counts;
    const first = (occurrences[0] as (typeof occurrences)[number]).start;
    const last = Math.max(...occurrences.map((occurrence) => occurrence.end));
    const busy: (BusyTime | { kind: 'new'; start: number; end: number })[] = await trx.shifts.busyIntervals(
      owner.id,
      new Date(first - DAY_MS),
      new Date(last + DAY_MS),
    );
    const displayFrom = owner.display_from?.getTime() ?? null;
    const toCreate: NewShift[] = [];
    const toLink: number[] = [];
    for (const occurrence of occurrences) {
      if (displayFrom !== null && occurrence.start < displayFrom) {
        skip(occurrence.start, 'before_display_from');
        continue;
      }
      const same = busy.find(
        (time) => time.kind === 'shift' && time.start === occurrence.start && time.end === occurrence.end,
      );
      if (same?.kind === 'shift') {
        counts.kept += 1;
        if (relinkable.has(same.id)) toLink.push(same.id);
        continue;
      }
      const clash = busy.find((time) => overlaps(time, occurrence));
      if (clash) {
        skip(occurrence.start, clash.kind === 'vacation' ? 'days_off' : clash.kind === 'new' ? 'planner' : 'shift');
        continue;
      }
      busy.push({ kind: 'new', start: occurrence.start, end: occurrence.end });
      toCreate.push({
        start: new Date(occurrence.start),
        end: new Date(occurrence.end),
        breaks: breakRows(occurrence.breaks),
      });
    }
    await trx.shifts.insert(
      shiftOrigin(owner.id, planner.shift_status, planner.created_by, new Date(now()), { plannerId: planner.id }),
      toCreate,
    );
    await trx.shifts.linkToPlanner(toLink, planner.id);
    counts.created = toCreate.length;
    return counts;
  }

  return {
    async getPlanner(viewer: UserRow, userId?: number): Promise<Planner | null> {
      const owner = await plannerOwner(viewer, userId);
      const planner = await planners.findByUser(owner.id);
      return planner ? describe(planner) : null;
    },

    /**
     * Saves the user's one planner, replacing the previous one and its future shifts that are not approved,
     * and generates its shifts up to 8 weeks ahead; all in one transaction under the user's row lock.
     */
    async setPlanner(viewer: UserRow, body: SetPlannerInput): Promise<SetPlannerResult> {
      const owner = await plannerOwner(viewer, body.user);
      const zone = body.zone ?? viewer.timezone;
      const at = now();
      const fields = plannerDateProblems({ startPlanner: body.start, endPlanner: body.end_date }, at, zone);
      const rules: SchedulerRule[] = [];
      body.scheduler.forEach((text, index) => {
        const result = parseSchedulerRule(text);
        if (result.ok) rules.push(result.rule);
        else fields[`scheduler.${index}`] = describeRuleError(result);
      });
      if (Object.keys(fields).length > 0) {
        throw new AppError('validation_failed', 'The planner breaks a scheduling rule.', fields);
      }
      if (!can(viewer.role, 'schedule.manage')) {
        const repeating = rules.findIndex((rule) => ruleRepeats(rule, body.start, body.end_date));
        if (repeating >= 0) {
          throw forbidden(
            `Only a schedule supervisor may plan repeating shifts (scheduler.${repeating} repeats); plan a single shift instead.`,
          );
        }
      }
      const from = Math.floor(at / STEP_MS) * STEP_MS;
      const to = at + HORIZON_MS;
      return inTransaction(async (trx) => {
        await trx.lockUser(owner.id);
        const previous = await trx.findByUser(owner.id);
        let removed = 0;
        let relinkable = new Set<number>();
        if (previous) {
          removed = await trx.shifts.deletePendingOfPlanner(previous.id, new Date(from));
          relinkable = new Set(await trx.shifts.liveIdsOfPlanner(previous.id, new Date(from)));
          await trx.deletePlanner(previous.id);
        }
        const planner = await trx.insertPlanner({
          user_id: owner.id,
          start_planner: body.start,
          end_planner: body.end_date,
          zone,
          scheduler: rules.map(formatSchedulerRule),
          shift_status: plannedStatus(owner.id, viewer.id),
          expanded_until: new Date(to),
          created_by: viewer.id,
        });
        const { skippedDays, ...counts } = await fill(trx, planner, owner, { from, to }, relinkable);
        return {
          planner: describe(planner),
          ...counts,
          skipped_days: skippedDays,
          removed,
          horizon: new Date(to).toISOString(),
        };
      });
    },

    /**
     * Tops every active planner up to the 8-week horizon from `at`. Idempotent: each planner continues from
     * where it was generated to, re-read under its owner's row lock, so two runs never create a shift twice.
     */
    async extendPlannerHorizons(at: number): Promise<TopUpReport> {
      const to = at + HORIZON_MS;
      const from = Math.floor(at / STEP_MS) * STEP_MS;
      const report: TopUpReport = { planners: 0, created: 0, kept: 0, skipped: 0, failed: [] };
      for (const candidate of await planners.plannersToTopUp(new Date(to))) {
        try {
          const counts = await inTransaction(async (trx) => {
            await trx.lockUser(candidate.user_id);
            const planner = await trx.findById(candidate.id);
            if (!planner || planner.expanded_until.getTime() >= to) return null;
            const windowStart = Math.max(planner.expanded_until.getTime(), from);
            const lastDate = plannerLastDate(storedRules(planner), planner.start_planner, planner.end_planner);
            const finished = lastDate !== null && lastDate < localDateInZone(windowStart, planner.zone);
            const filled = finished
              ? { created: 0, kept: 0, skipped: 0, skippedDays: [] }
              : await fill(
                  trx,
                  planner,
                  { id: planner.user_id, display_from: candidate.display_from },
                  {
                    from: windowStart,
                    to,
                  },
                );
            await trx.setExpandedUntil(planner.id, new Date(to));
            return filled;
          });
          if (!counts) continue;
          report.planners += 1;
          report.created += counts.created;
          report.kept += counts.kept;
          report.skipped += counts.skipped;
        } catch (error) {
          report.failed.push({ planner: candidate.id, error: error instanceof Error ? error.message : String(error) });
        }
      }
      return report;
    },
  };
}

export type PlannersService = ReturnType<typeof createPlannersService>;

/**
 * Runs the daily top-up (and once a few minutes after start, so a server restarted every night still tops
 * up). The timers are unref'd; the returned function stops them.
 */
export function schedulePlannerTopUps(
  service: PlannersService,
  options: { now?: () => number; log: { info: (o: object, m: string) => void; error: (o: object, m: string) => void } },
): () => void {
  const now = options.now ?? Date.now;
  const run = () =>
    void service
      .extendPlannerHorizons(now())
      .then((report) => {
        if (report.failed.length > 0) options.log.error({ report }, 'some planner top-ups failed');
        else if (report.planners > 0) options.log.info({ report }, 'planner horizons topped up');
      })
      .catch((error: unknown) => options.log.error({ err: error }, 'planner top-up failed'));
  const daily = setInterval(run, DAY_MS);
  const first = setTimeout(run, 5 * 60_000);
  daily.unref();
  first.unref();
  return () => {
    clearInterval(daily);
    clearTimeout(first);
  };
}
