import type { ChildProcess } from 'node:child_process';
import type { RunningKamailio } from './harness.mjs';

export declare function scenario(
  name:
    | 'caller'
    | 'caller-leaves'
    | 'caller-refused'
    | 'caller-declined'
    | 'caller-closed'
    | 'agent'
    | 'agent-unanswered'
    | 'agent-refuses'
    | 'register'
    | 'unregister'
    | 'callee'
    | 'demo-caller'
    | 'bench-caller'
    | 'bench-agent'
    | 'carrier'
    | 'carrier-caller',
): string;
export type SippRun = {
  child: ChildProcess;
  done: Promise<{ code: number | null; signal: NodeJS.Signals | null; output: string }>;
  output: () => string;
  stop: () => Promise<{ code: number | null; signal: NodeJS.Signals | null; output: string }>;
};
export declare function runSipp(args: string[], options?: { cwd?: string; errorFile?: string }): SippRun;
export declare function registerAgents(
  kamailio: Pick<RunningKamailio, 'host' | 'port'>,
  agents: { extension: string; username: string; password: string }[],
  contactPort: number,
  parallel?: number,
): Promise<void>;
export type RunningCallee = {
  host: string;
  port: number;
  gateway: string;
  output: () => string;
  stop: () => Promise<void>;
};
export declare function startCallee(options?: {
  host?: string;
  port?: number;
  answerChance?: number;
  ringMs?: number;
}): Promise<RunningCallee>;
export type RunningCarrier = {
  /** host:port, a trunk's outbound address. */
  address: string;
  done: SippRun['done'];
  output: () => string;
  stop: () => Promise<void>;
};
export declare function startCarrier(options: {
  user: string;
  password: string;
  callerId: string;
  host?: string;
}): Promise<RunningCarrier>;
