import type { RunningKamailio } from './harness.mjs';

export type RunningDemoCallers = {
  /** POST here (with the shared secret) to place a caller: { number, caller, talk_seconds }. */
  url: string;
  placed: () => { number: string; caller: string; talkSeconds: number }[];
  output: () => string;
  stop: () => Promise<void>;
};
export declare function startDemoCallers(options: {
  kamailio: Pick<RunningKamailio, 'host' | 'port'>;
  secret: string;
  host?: string;
  /** Every call's talk time instead of the one asked for (tests keep calls short). */
  talkSeconds?: number;
  log?: (line: string) => void;
}): Promise<RunningDemoCallers>;
