import type { DatabaseHandle } from '../db/database.js';
import { sampleInboundHandling } from '../db/demo/history/callOutcomes.js';
import { createRandom } from '../db/demo/random.js';
import type { CallEngine } from '../features/calls/index.js';
import { dialling } from './callers.js';
import { type Centre, loadCentre } from './centre.js';
import { createPeopleCallerRule, PEOPLE_CHECK_MS } from './peopleCallers.js';
import { Scheduler } from './scheduler.js';
import type { SimulatorLog, SimulatorSummary } from './simulator.js';
import type { PlaceSipCaller } from './sipCallers.js';

const NOBODY: ReadonlySet<number> = new Set();

/**
 * The simulator on a real SIP network (TELEPHONY=sip): the generated agents have no phones, so they are signed out
 * and stay out of routing; every call goes to people. A person idle in Ready (the same rule as on the simulated
 * network, peopleCallers.ts) gets a real call: `placeSipCaller` has a scripted caller dial one of their campaign's
 * numbers through the SIP server, talk for the simulated centre's talk time and hang up (or the person ends it).
 */
export function createSipPeopleSimulator(options: {
  database: DatabaseHandle;
  live: { engine: CallEngine };
  log: SimulatorLog;
  placeSipCaller: PlaceSipCaller;
  seed?: number;
  now?: () => number;
  tickMs?: number;
  peopleCheckMs?: number | false;
}) {
  const { database, log, placeSipCaller } = options;
  const { engine } = options.live;
  const now = options.now ?? Date.now;
  const random = createRandom((options.seed ?? 20261124) ^ 0x5195);
  const scheduler = new Scheduler();
  // Nobody is simulated here: whoever is Ready after the generated agents were signed out is a person.
  const rule = createPeopleCallerRule({ database, now, simulated: () => NOBODY });
  let centre: Centre | null = null;
  let stopped = false;
  let timer: ReturnType<typeof setInterval> | null = null;
  let ticking: Promise<unknown> = Promise.resolve();

  /** Generated agents an earlier simulated run left signed in go out, so the router offers them nothing. */
  async function signOutGeneratedAgents(loaded: Centre): Promise<number> {
    let signedOut = 0;
    for (const userId of loaded.driven) {
      const profile = loaded.agents.get(userId);
      if (!profile) continue;
      const agent = { id: userId, role: profile.role, agent_call_type: profile.callType };
      try {
        if ((await engine.statusInfo(agent)).status.name === 'logged_out') continue;
        await engine.setStatus(agent, { status_name: 'logged_out' });
        signedOut += 1;
      } catch (error) {
        log.warn({ agent: userId, err: error }, 'simulator: could not sign a generated agent out');
      }
    }
    return signedOut;
  }

  /** A real caller for the person, on one of their campaigns' numbers. */
  async function call(person: { userId: number; campaignIds: number[] }) {
    if (!centre) return;
    const campaignId = random.pick(person.campaignIds);
    const { did, callerPhone } = dialling(centre, campaignId, random);
    if (!did) {
      log.debug({ campaignId }, 'simulator: the campaign has no number to dial');
      return;
    }
    const talkSeconds = sampleInboundHandling(random).talkSeconds;
    await placeSipCaller({ number: did, caller: callerPhone, talkSeconds });
    log.info({ person: person.userId, campaignId, did, talkSeconds }, 'simulator: a SIP caller dials a person');
  }

  function scheduleChecks(every: number) {
    scheduler.at(now() + every, async () => {
      try {
        for (const person of await rule.due()) await call(person);
      } catch (error) {
        log.warn({ err: error }, 'simulator: SIP callers for people failed');
      }
      if (!stopped) scheduleChecks(every);
    });
  }

  const onError = (error: unknown) => log.warn({ err: error }, 'simulator: an action failed');
  let prepared: Promise<SimulatorSummary> | null = null;

  return {
    prepare(): Promise<SimulatorSummary> {
      prepared ??= (async () => {
        centre = await loadCentre(database, Math.floor(now() / 1000));
        const signedOut = await signOutGeneratedAgents(centre);
        if (signedOut > 0) log.info({ signedOut }, 'simulator: generated agents signed out (no phones on real SIP)');
        const every = options.peopleCheckMs ?? PEOPLE_CHECK_MS;
        if (every) scheduleChecks(every);
        return { agents: 0, campaigns: 0, arrivalsToday: 0 };
      })();
      return prepared;
    },

    async start(): Promise<SimulatorSummary> {
      const summary = await this.prepare();
      let running = false;
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

    async runUntil(until: number, moveClock: (at: number) => void): Promise<number> {
      await this.prepare();
      const ran = await scheduler.runDue(until, moveClock, onError);
      moveClock(until);
      return ran;
    },

    agentIds: (): number[] => [],

    async stop(): Promise<void> {
      stopped = true;
      if (timer) clearInterval(timer);
      timer = null;
      await ticking;
      scheduler.clear();
    },
  };
}
