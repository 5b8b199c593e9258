import type { CallEngine, SimulatedTelephony } from '../calls/index.js';

export type SimulatedCalleeOptions = {
  /** Share of dialled clients who pick up (issue 14: about 40 %). */
  answerRate?: number;
  /** A random number in [0, 1); seeded in tests. */
  random?: () => number;
  /** How long a dialled phone rings before the client picks up, or before the network gives up. */
  answerAfterMs?: readonly [number, number];
  giveUpAfterMs?: number;
  /** How long an answering client talks before hanging up, unless the agent ends the call first. */
  talkMs?: readonly [number, number];
  log?: { debug: (object: object, message: string) => void };
  /** Runs `run` after `ms` and returns how to cancel it; real timers unless given (the simulator's own clock). */
  later?: (ms: number, run: () => Promise<unknown>) => { cancel: () => void };
};

function realTimer(ms: number, run: () => Promise<unknown>) {
  const timer = setTimeout(() => void run(), ms);
  timer.unref?.();
  return { cancel: () => clearTimeout(timer) };
}

/**
 * The simulated clients an agent dials (the demo's phone network): about 40 % pick up after a few seconds and hang up
 * after a conversation; the others let it ring until the network gives up. They act through the engine, as the SIP
 * adapter does for real phones. A move the engine refuses (the agent ended the call first) is only noted.
 */
export function simulateCallees(
  telephony: SimulatedTelephony,
  engine: CallEngine,
  options: SimulatedCalleeOptions = {},
) {
  const random = options.random ?? Math.random;
  const answerRate = options.answerRate ?? 0.4;
  const [answerMin, answerMax] = options.answerAfterMs ?? [2000, 6000];
  const giveUpAfter = options.giveUpAfterMs ?? 25_000;
  const [talkMin, talkMax] = options.talkMs ?? [20_000, 90_000];
  const schedule = options.later ?? realTimer;
  const pending = new Set<{ cancel: () => void }>();
  const between = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));

  const later = (ms: number, run: () => Promise<unknown>) => {
    const entry = schedule(ms, async () => {
      pending.delete(entry);
      await run().catch((error: unknown) => options.log?.debug({ err: error }, 'simulated callee: move refused'));
    });
    pending.add(entry);
  };

  const onDial = (callId: string) => {
    if (random() < answerRate) {
      later(between(answerMin, answerMax), async () => {
        await engine.calleeAnswered(callId);
        later(between(talkMin, talkMax), () => engine.callerHungUp(callId));
      });
    } else {
      later(giveUpAfter, () => engine.calleeUnanswered(callId));
    }
  };
  telephony.on('dial', onDial);
  return () => {
    telephony.off('dial', onDial);
    for (const entry of pending) entry.cancel();
    pending.clear();
  };
}
