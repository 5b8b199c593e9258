import { type AgentCallType, type LiveStatusId, readyStatusFor } from '@shiftline/shared';
import type { DatabaseHandle } from '../db/database.js';
import { dailyArrivals, windowPosition } from '../db/demo/history/arrivals.js';
import { type Handling, pickInboundDisposition, sampleInboundHandling } from '../db/demo/history/callOutcomes.js';
import { DEMO_HISTORY_LOAD } from '../db/demo/history/generateHistory.js';
import { expectedInboundCalls, staffedSeconds } from '../db/demo/history/inboundDay.js';
import { MISSED_CALL_CHANCE } from '../db/demo/history/inboundQueue.js';
import { createRandom, type Random } from '../db/demo/random.js';
import {
  type Agent,
  type CallEngine,
  type CallPageService,
  SimulatedTelephony,
  type Telephony,
} from '../features/calls/index.js';
import { createColdCallsService, simulateCallees } from '../features/coldCalls/index.js';
import { AppError } from '../plugins/errors.js';
import { createSimulatedCallers } from './callers.js';
import { type Centre, loadCentre, loadShifts } from './centre.js';
import { placeColdCall } from './coldCaller.js';
import { callersToReach, createPeopleCallerRule, PEOPLE_CHECK_MS } from './peopleCallers.js';
import { type Scheduled, Scheduler } from './scheduler.js';
import type { PlaceSipCaller } from './sipCallers.js';
import { createSipPeopleSimulator } from './sipPeople.js';

export type SimulatorLog = {
  debug: (object: object, message: string) => void;
  info: (object: object, message: string) => void;
  warn: (object: object, message: string) => void;
};

export type SimulatorOptions = {
  /** Read only: campaigns, shifts and breaks, assignments. Writes go through `live`. */
  database: DatabaseHandle;
  live: { engine: CallEngine; telephony: Telephony; callPage: CallPageService };
  log: SimulatorLog;
  seed?: number;
  /** How busy the centre is (the history generator's load); the demo's by default. */
  load?: number;
  /** The clock the engine also reads (tests pin it and let runUntil move it). */
  now?: () => number;
  /** How often the loop looks for due actions in real time. */
  tickMs?: number;
  /**
   * Return missed offers to the queue every so often (engine.sweep). The server's own sweeper does this; a test
   * running the simulator on a pinned clock asks the simulator to.
   */
  sweepEveryMs?: number | false;
  /** How often people (users the simulator does not drive) idle in Ready get a caller of their own (peopleCallers.ts). */
  peopleCheckMs?: number | false;
  /**
   * TELEPHONY=sip: places a real SIP call from a scripted caller (the launcher's demo callers, sipCallers.ts). Then
   * only people get callers, and the generated agents are signed out (they have no phones).
   */
  placeSipCaller?: PlaceSipCaller;
};

/** What the agent's schedule says they should be doing now. */
type Wanted = 'idle' | 'break' | 'lunch' | 'off';

type SimCall = {
  id: string;
  handling: Handling;
  phase: 'ringing' | 'talking' | 'after_call';
  /** This call's pending actions (answer, hold, resume, disposition, hang-up, close). */
  timers: Scheduled[];
};

type SimAgent = {
  agent: Agent;
  /** The status the simulator last put them in (or learnt from the engine's signals). */
  status: LiveStatusId;
  wanted: Wanted;
  call: SimCall | null;
  /** A retry of the schedule after a refusal or a missed call. */
  retry: Scheduled | null;
  /** Shifts already scheduled, and when the last one ends (overlapping hand-made shifts are skipped). */
  lastShiftEnd: number;
};

const DAY = 86_400;

export type SimulatorSummary = { agents: number; campaigns: number; arrivalsToday: number };

/**
 * The live simulated centre: inbound callers arrive per campaign with the history generator's daily shape, only in
 * the campaigns' working windows; the generated agents on today's approved shifts sign on, take their breaks and
 * lunch, answer, talk, hold, hang up, choose dispositions, sometimes sell, close the after-call form and sign off.
 * Everything goes through the call engine and the call page service, the calls a browser makes, so the rollups,
 * dashboards and live boards move as they would with people. One scheduler loop runs every action when due.
 */
export function createSimulator(options: SimulatorOptions) {
  const { database, live, log } = options;
  const { engine, callPage } = live;
  if (!(live.telephony instanceof SimulatedTelephony)) {
    // On a real phone network only people's callers are simulated, as real SIP calls (sipPeople.ts).
    if (options.placeSipCaller) return createSipPeopleSimulator({ ...options, placeSipCaller: options.placeSipCaller });
    throw new Error('The simulator needs the simulated telephony, or placeSipCaller on a real SIP network.');
  }
  const telephony = live.telephony;
  const now = options.now ?? Date.now;
  const load = options.load ?? DEMO_HISTORY_LOAD;
  const random: Random = createRandom((options.seed ?? 20261124) ^ 0x51a7);
  const scheduler = new Scheduler();
  const agents = new Map<number, SimAgent>();
  /** Which simulated agent holds each call the simulator's agents were offered. */
  const callAgent = new Map<string, SimAgent>();
  const scheduledShifts = new Set<number>();
  let centre: Centre | null = null;
  let stopped = false;
  let timer: ReturnType<typeof setInterval> | null = null;
  let ticking: Promise<unknown> = Promise.resolve();
  let running = false;

  const later = (ms: number, run: () => Promise<void> | void) => scheduler.at(now() + ms, run);
  const simulatedCallers = createSimulatedCallers({
    database,
    engine,
    scheduler,
    random,
    now,
    log,
    centre: () => centre,
    simulated: (agentId) => agents.has(agentId),
  });
  const arrive = simulatedCallers.arrive;
  const peopleCallers = createPeopleCallerRule({ database, now, simulated: () => new Set(agents.keys()) });
  // Outbound agents dial leads through the cold-calls service; the clients they dial answer on the same clock.
  const coldCalls = createColdCallsService({ db: database.db, engine, now });
  let stopCallees: (() => void) | null = null;

  // --- errors ---------------------------------------------------------------------------------------------------

  /**
   * A move the engine refused (a person changed something meanwhile: a supervisor picked the call up, the caller
   * left first): logged at debug, and the agent's state is read back from the database.
   */
  async function refused(sim: SimAgent, action: string, error: unknown) {
    if (error instanceof AppError) {
      log.debug({ agent: sim.agent.id, action, err: error.message }, 'simulator: move refused, resyncing the agent');
    } else {
      log.warn({ agent: sim.agent.id, action, err: error }, 'simulator: move failed, resyncing the agent');
    }
    await resync(sim);
  }

  async function act(sim: SimAgent, action: string, work: () => Promise<unknown>): Promise<boolean> {
    try {
      await work();
      return true;
    } catch (error) {
      await refused(sim, action, error);
      return false;
    }
  }

  // --- agents ---------------------------------------------------------------------------------------------------

  const statusWanted = (sim: SimAgent): LiveStatusId =>
    sim.wanted === 'idle'
      ? readyStatusFor(sim.agent.agent_call_type as AgentCallType | null)
      : sim.wanted === 'off'
        ? 'logged_out'
        : sim.wanted;

  function dropCall(sim: SimAgent) {
    if (!sim.call) return;
    for (const pending of sim.call.timers) pending.cancel();
    callAgent.delete(sim.call.id);
    sim.call = null;
  }

  /** Puts the agent where their schedule says, unless a call holds them (the after-call form's close does it). */
  async function followSchedule(sim: SimAgent) {
    sim.retry?.cancel();
    sim.retry = null;
    if (sim.call) return;
    const to = statusWanted(sim);
    if (sim.status === to) return;
    const from = sim.status;
    sim.status = to;
    if (await act(sim, `status ${from} -> ${to}`, () => engine.setStatus(sim.agent, { status_name: to }))) {
      if (to === 'outbound_sales_calls') nextColdCall(sim);
    }
  }

  /** An outbound agent in Outbound Sales Calls dials the next lead after a short pause (reading it, a sip of tea). */
  function nextColdCall(sim: SimAgent, pauseMs = random.int(10, 40) * 1000) {
    sim.retry?.cancel();
    sim.retry = later(pauseMs, () => coldCall(sim));
  }

  async function coldCall(sim: SimAgent) {
    sim.retry = null;
    if (sim.call || sim.status !== 'outbound_sales_calls' || statusWanted(sim) !== 'outbound_sales_calls') return;
    let callId: string | null = null;
    const placed = await act(sim, 'cold call', async () => {
      callId = await placeColdCall(coldCalls, sim.agent);
    });
    if (!placed) return;
    if (callId === null) {
      // No lead free now (or the client was on another call): look again in a minute.
      nextColdCall(sim, 60_000);
      return;
    }
    sim.status = 'ringing';
    const call: SimCall = { id: callId, handling: sampleInboundHandling(random), phase: 'ringing', timers: [] };
    sim.call = call;
    callAgent.set(callId, sim);
  }

  /** Reads the agent's status and live call back from the database and carries on from there. */
  async function resync(sim: SimAgent) {
    dropCall(sim);
    sim.retry?.cancel();
    sim.retry = null;
    let info: Awaited<ReturnType<CallEngine['statusInfo']>>;
    try {
      info = await engine.statusInfo(sim.agent);
    } catch (error) {
      log.warn({ agent: sim.agent.id, err: error }, 'simulator: could not read the agent back');
      sim.retry = later(5000, () => resync(sim));
      return;
    }
    sim.status = info.status.name as LiveStatusId;
    if (info.call_id !== null) {
      const call: SimCall = {
        id: String(info.call_id),
        handling: sampleInboundHandling(random),
        phase: 'ringing',
        timers: [],
      };
      sim.call = call;
      callAgent.set(call.id, sim);
      if (sim.status === 'ringing') {
        call.timers.push(later(1000, () => answer(sim, call)));
      } else if (sim.status === 'on_call' || sim.status === 'on_hold') {
        call.phase = 'talking';
        if (sim.status === 'on_hold') call.timers.push(later(5000, () => flow(sim, call, 'talk')));
        call.timers.push(later(30_000 + random.int(0, 90_000), () => hangUp(sim, call)));
      } else if (sim.status === 'after_call_work') {
        call.phase = 'after_call';
        call.timers.push(later(call.handling.afterCallSeconds * 1000, () => closeAfterCall(sim, call)));
      }
      return;
    }
    // Not straight away: whatever refused the last move may refuse the same move again.
    if (sim.status !== statusWanted(sim)) sim.retry = later(5000, () => followSchedule(sim));
  }

  function agentOf(userId: number, profile: { callType: AgentCallType | null; role: Agent['role'] }): SimAgent {
    let sim = agents.get(userId);
    if (!sim) {
      sim = {
        agent: { id: userId, role: profile.role, agent_call_type: profile.callType },
        status: 'logged_out',
        wanted: 'off',
        call: null,
        retry: null,
        lastShiftEnd: 0,
      };
      agents.set(userId, sim);
    }
    return sim;
  }

  /** Sign on at the start, break and lunch as planned, sign off at the end; from now on if the shift has begun. */
  function scheduleShift(
    sim: SimAgent,
    shift: { start: number; end: number; breaks: { type: 'break' | 'lunch'; start: number; end: number }[] },
  ) {
    const steps: { at: number; wanted: Wanted }[] = [{ at: shift.start, wanted: 'idle' }];
    for (const planned of shift.breaks) {
      if (planned.start < shift.start || planned.end > shift.end) continue;
      steps.push({ at: planned.start, wanted: planned.type }, { at: planned.end, wanted: 'idle' });
    }
    steps.push({ at: shift.end, wanted: 'off' });
    steps.sort((a, b) => a.at - b.at);
    const nowSeconds = now() / 1000;
    const current = steps.filter((step) => step.at <= nowSeconds).at(-1);
    const upcoming = steps.filter((step) => step.at > nowSeconds);
    if (current && current.wanted !== 'off') {
      scheduler.at(now(), () => want(sim, current.wanted));
    }
    for (const step of upcoming) {
      // A few seconds either way: people do not all click on the minute.
      const jitter = random.int(-20_000, 40_000);
      scheduler.at(Math.max(now(), step.at * 1000 + jitter), () => want(sim, step.wanted));
    }
  }

  async function want(sim: SimAgent, wanted: Wanted) {
    sim.wanted = wanted;
    await followSchedule(sim);
  }

  // --- calls, from the agent's side --------------------------------------------------------------------------

  /** The engine rang a simulated agent: they answer after the ring (or, now and then, miss it). */
  function ringing(sim: SimAgent, callId: string) {
    dropCall(sim);
    sim.retry?.cancel();
    sim.retry = null;
    sim.status = 'ringing';
    const call: SimCall = { id: callId, handling: sampleInboundHandling(random), phase: 'ringing', timers: [] };
    sim.call = call;
    callAgent.set(callId, sim);
    // A missed call rings out; the sweeper hands it back to the queue and the agent to not-ready (release 'missed').
    if (random.chance(MISSED_CALL_CHANCE)) return;
    call.timers.push(later(call.handling.ringSeconds * 1000, () => answer(sim, call)));
  }

  const current = (sim: SimAgent, call: SimCall) => sim.call === call;

  async function answer(sim: SimAgent, call: SimCall) {
    if (!current(sim, call)) return;
    call.phase = 'talking';
    sim.status = 'on_call';
    if (!(await act(sim, 'answer', () => engine.flow(sim.agent, Number(call.id), 'talk')))) return;
    const { talkSeconds, holdSeconds } = call.handling;
    if (holdSeconds > 0) {
      const holdAt = Math.round(talkSeconds * (0.3 + 0.4 * random.next()) * 1000);
      call.timers.push(later(holdAt, () => flow(sim, call, 'hold')));
      call.timers.push(later(holdAt + holdSeconds * 1000, () => flow(sim, call, 'talk')));
    }
    // The disposition and any sale are chosen while talking, before the line ends.
    call.timers.push(later(Math.round(talkSeconds * 0.85 * 1000), () => workCallPage(sim, call)));
    call.timers.push(later((talkSeconds + holdSeconds) * 1000, () => hangUp(sim, call)));
  }

  async function flow(sim: SimAgent, call: SimCall, step: 'hold' | 'talk') {
    if (!current(sim, call) || call.phase !== 'talking') return;
    sim.status = step === 'hold' ? 'on_hold' : 'on_call';
    await act(sim, step, () => engine.flow(sim.agent, Number(call.id), step));
  }

  async function workCallPage(sim: SimAgent, call: SimCall) {
    if (!current(sim, call) || call.phase !== 'talking' || !centre) return;
    const key = pickInboundDisposition(random, call.handling.talkSeconds);
    const dispositionId = centre.dispositionIds[key];
    if (dispositionId !== undefined) {
      if (!(await act(sim, 'disposition', () => callPage.setDisposition(sim.agent, Number(call.id), dispositionId))))
        return;
    }
    // A resolved call sometimes ends in a sale of one or two products.
    if (key === 'resolved' && centre.products.length > 0 && random.chance(0.15)) {
      const first = random.pick(centre.products);
      const lines = [{ product_id: first.id, quantity: random.int(1, 2) }];
      const second = random.pick(centre.products);
      if (second.id !== first.id && random.chance(0.3)) lines.push({ product_id: second.id, quantity: 1 });
      await act(sim, 'sale', () => callPage.setSales(sim.agent, Number(call.id), { sales: lines }));
    }
  }

  async function hangUp(sim: SimAgent, call: SimCall) {
    if (!current(sim, call) || call.phase !== 'talking') return;
    // Callers mostly end the call; agents hang up first now and then (the dashboards count those).
    const byAgent = random.chance(0.05);
    await act(sim, byAgent ? 'end call' : 'caller hangs up', () =>
      byAgent ? engine.endCall(sim.agent, Number(call.id)) : engine.callerHungUp(call.id),
    );
  }

  /** The line ended: after-call work, then the form's Close with the status the schedule wants next. */
  function lineEnded(sim: SimAgent, call: SimCall) {
    call.phase = 'after_call';
    sim.status = 'after_call_work';
    for (const pending of call.timers) pending.cancel();
    call.timers = [later(call.handling.afterCallSeconds * 1000, () => closeAfterCall(sim, call))];
  }

  async function closeAfterCall(sim: SimAgent, call: SimCall) {
    if (!current(sim, call) || call.phase !== 'after_call') return;
    const to = statusWanted(sim);
    dropCall(sim);
    sim.status = to;
    // Closing with ready may bring the next call at once (a ring during this await).
    const closed = await act(sim, 'close after-call', () =>
      engine.setStatus(sim.agent, { status_name: to, call_id: Number(call.id) }),
    );
    if (closed && to === 'outbound_sales_calls') nextColdCall(sim);
  }

  // --- the network's signals -----------------------------------------------------------------------------------

  const onRing = (callId: string, agentId: number) => {
    const sim = agents.get(agentId);
    if (sim && !stopped) ringing(sim, callId);
  };

  const onConnect = (callId: string, agentId: number) => {
    const dialler = agents.get(agentId);
    if (dialler?.call?.id === callId && dialler.call.phase === 'ringing' && dialler.status === 'ringing') {
      // The client a simulated agent dialled picked up: they talk until the client hangs up.
      dialler.call.phase = 'talking';
      dialler.status = 'on_call';
      return;
    }
    if (agents.has(agentId) || stopped) return;
    simulatedCallers.personAnswered(callId);
  };

  const onRelease = (callId: string, reason: Parameters<Telephony['release']>[1]) => {
    if (stopped) return;
    const sim = callAgent.get(callId);
    simulatedCallers.released(callId, reason);
    if (!sim || sim.call?.id !== callId) return;
    const call = sim.call;
    if (reason === 'agent' || reason === 'caller') {
      lineEnded(sim, call);
    } else if (reason === 'missed') {
      // Automatic not-ready; the agent comes back after a minute or so.
      dropCall(sim);
      sim.status = 'not_ready_automatic';
      sim.retry = later(random.int(60, 180) * 1000, () => followSchedule(sim));
    } else if (reason === 'unanswered') {
      // The dialled client did not pick up: the engine put the agent back in Outbound Sales Calls.
      dropCall(sim);
      sim.status = 'outbound_sales_calls';
      if (statusWanted(sim) === 'outbound_sales_calls') nextColdCall(sim);
      else sim.retry = later(1000, () => followSchedule(sim));
    } else if (reason === 'abandoned') {
      // The caller left while the phone rang: the engine put the agent back to ready.
      dropCall(sim);
      sim.status = 'ready';
      if (statusWanted(sim) !== 'ready') sim.retry = later(1000, () => followSchedule(sim));
    } else {
      dropCall(sim);
      sim.retry = later(1000, () => resync(sim));
    }
  };

  // --- days ----------------------------------------------------------------------------------------------------

  /** Reads the centre and today's shifts from `from`, and schedules the day's shifts and arrivals. */
  async function planDay(first: boolean): Promise<SimulatorSummary> {
    const nowSeconds = Math.floor(now() / 1000);
    const dayStart = Math.floor(nowSeconds / DAY) * DAY;
    const dayEnd = dayStart + DAY;
    centre = await loadCentre(database, nowSeconds);
    const shifts = await loadShifts(database, {
      from: first ? dayStart - DAY : dayStart,
      to: dayEnd,
      endsAfter: nowSeconds,
    });
    let onShift = 0;
    for (const shift of shifts) {
      if (scheduledShifts.has(shift.id)) continue;
      const profile = centre.agents.get(shift.userId);
      if (!profile || !centre.driven.has(shift.userId)) continue;
      const sim = agentOf(shift.userId, profile);
      if (shift.start < sim.lastShiftEnd) continue;
      sim.lastShiftEnd = shift.end;
      scheduledShifts.add(shift.id);
      scheduleShift(sim, shift);
      if (shift.start <= nowSeconds) onShift += 1;
    }

    // Inbound traffic sized to today's staffing, like a history day, and only in each campaign's window.
    const staffed = shifts.map((shift) => ({
      start: shift.start,
      end: shift.end,
      agent: { inboundCampaigns: centre?.agents.get(shift.userId)?.inboundCampaigns ?? [] },
    }));
    let campaigns = 0;
    let arrivals = 0;
    for (const campaign of centre.campaigns) {
      if (campaign.type !== 'inbound' || campaign.callsUntil <= nowSeconds) continue;
      const candidates = staffed.filter((shift) => shift.agent.inboundCampaigns.includes(campaign.id));
      const expected = expectedInboundCalls(load, staffedSeconds(campaign, candidates, dayStart), dayStart, random);
      if (windowPosition(campaign.hours, nowSeconds) !== null) campaigns += 1;
      for (const time of dailyArrivals(campaign.hours, dayStart, expected, dayEnd, random)) {
        const at = time * 1000 + random.int(0, 999);
        if (at < now()) continue;
        arrivals += 1;
        scheduler.at(at, () => arrive(campaign.id));
      }
    }
    scheduler.at(dayEnd * 1000, async () => {
      await planDay(false);
    });
    return { agents: onShift, campaigns, arrivalsToday: arrivals };
  }

  function scheduleSweeps(every: number) {
    scheduler.at(now() + every, async () => {
      try {
        await engine.sweep();
      } catch (error) {
        log.warn({ err: error }, 'simulator: sweep failed');
      }
      if (!stopped) scheduleSweeps(every);
    });
  }

  /** Sends each person idle in Ready (peopleCallers.ts) the callers that reach them, on one of their campaigns. */
  function schedulePeopleCallers(every: number) {
    scheduler.at(now() + every, async () => {
      try {
        for (const person of await peopleCallers.due()) {
          const { campaignId, callers } = callersToReach(person);
          for (let sent = 0; sent < callers; sent += 1) await arrive(campaignId);
        }
      } catch (error) {
        log.warn({ err: error }, 'simulator: callers for people failed');
      }
      if (!stopped) schedulePeopleCallers(every);
    });
  }

  const onError = (error: unknown) => log.warn({ err: error }, 'simulator: an action failed');

  let prepared: Promise<SimulatorSummary> | null = null;

  return {
    /** Reads the centre and schedules today (without running anything): the start's summary. */
    prepare(): Promise<SimulatorSummary> {
      prepared ??= (async () => {
        telephony.on('ring', onRing);
        telephony.on('connect', onConnect);
        telephony.on('release', onRelease);
        stopCallees = simulateCallees(telephony, engine, {
          random: random.next,
          later: (ms, run) =>
            later(ms, async () => {
              await run();
            }),
          log,
        });
        if (options.sweepEveryMs) scheduleSweeps(options.sweepEveryMs);
        const peopleEvery = options.peopleCheckMs ?? PEOPLE_CHECK_MS;
        if (peopleEvery) schedulePeopleCallers(peopleEvery);
        return planDay(true);
      })();
      return prepared;
    },

    /** Runs in real time: every `tickMs` (250 ms) the actions now due run, one at a time. */
    async start(): Promise<SimulatorSummary> {
      const summary = await this.prepare();
      timer = setInterval(() => {
        if (running || stopped) return;
        running = true;
        ticking = scheduler
          .runDue(now(), () => undefined, onError)
          .finally(() => {
            running = false;
          });
      }, options.tickMs ?? 250);
      timer.unref();
      return summary;
    },

    /**
     * Runs every action due by `until` (ms) in time order, `moveClock` setting the shared clock to each action's
     * instant first: an hour of the centre in seconds, for tests and benchmarks on a pinned clock.
     */
    async runUntil(until: number, moveClock: (at: number) => void): Promise<number> {
      await this.prepare();
      const ran = await scheduler.runDue(until, moveClock, onError);
      moveClock(until);
      return ran;
    },

    /** The simulated agents' ids (the test and the bench tell them from people). */
    agentIds: (): number[] => [...agents.keys()],

    /** Stops the loop and cancels everything pending; agents and calls stay where they are. */
    async stop(): Promise<void> {
      stopped = true;
      if (timer) clearInterval(timer);
      timer = null;
      await ticking;
      scheduler.clear();
      telephony.off('ring', onRing);
      telephony.off('connect', onConnect);
      telephony.off('release', onRelease);
      stopCallees?.();
    },
  };
}

export type Simulator = ReturnType<typeof createSimulator>;
