// Runs the real server as its own process, as `npm start` does: for the browser tests, the benchmarks and the
// server's own start-up tests. Light on purpose: importing it loads nothing of the server itself.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const serverDir = fileURLToPath(new URL('../..', import.meta.url));
/** What src/server.ts prints once it listens (after migrating and loading the demo data). */
const READY_LINE = 'Shiftline is ready';

export type ServerProcess = {
  child: ChildProcess;
  /** Everything written to stdout and stderr so far. */
  output: () => string;
  stderr: () => string;
  /** Resolves when it prints that it is ready; rejects if it exits first. */
  ready: Promise<void>;
  exited: Promise<number | null>;
};

/**
 * Runs one of the server's entry points (src/server.ts unless told) through tsx as its own process, on the embedded
 * database without Redis, with quiet logs and without the live simulator (tests start it when they want it:
 * SIMULATE=true) unless `env` says otherwise.
 */
export function spawnServer(env: Record<string, string>, entry = 'src/server.ts', args: string[] = []): ServerProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', entry, ...args], {
    cwd: serverDir,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      REDIS_URL: '',
      SIMULATE: 'false',
      ...env,
    },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let output = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
    stderr += chunk.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const ready = new Promise<void>((resolve, reject) => {
    child.stdout?.on('data', () => output.includes(READY_LINE) && resolve());
    void exited.then((code) => reject(new Error(`exited with ${code} before it was ready:\n${output}`)));
  });
  ready.catch(() => undefined);
  return { child, output: () => output, stderr: () => stderr, ready, exited };
}

/** A TCP port free on that address right now, for a server started next. */
export function freePort(host = '127.0.0.1'): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, host, () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no free port')),
      );
    });
  });
}

export type RunningServer = {
  /** http://127.0.0.1:<port> */
  baseUrl: string;
  port: number;
  process: ServerProcess;
  /** Ends the server and removes its data folder. */
  stop: () => Promise<void>;
};

export type StartServerOptions = {
  /** Variables on top of spawnServer's (e.g. DEMO_AGENTS, DEMO_HISTORY_DAYS, LOGIN_ATTEMPTS_PER_MINUTE). */
  env?: Record<string, string>;
  /** The address to listen on; the port is a free one there. */
  host?: string;
  /** How long the first start (migrations and demo data) may take. */
  readyWithinMs?: number;
  /** Names the temporary data folder. */
  name?: string;
  /** A data folder prepared beforehand (create-admin run on it, say) instead of a new one; removed on stop. */
  dataDir?: string;
};

/**
 * Starts the server on a fresh embedded database in a temporary folder, on a free port, and waits until it is ready
 * with its demo data.
 */
export async function startServer(options: StartServerOptions = {}): Promise<RunningServer> {
  const host = options.host ?? '127.0.0.1';
  const readyWithinMs = options.readyWithinMs ?? 120_000;
  const dataDir = options.dataDir ?? (await mkdtemp(join(tmpdir(), `shiftline-${options.name ?? 'server'}-`)));
  const port = await freePort(host);
  const server = spawnServer({ ...options.env, HOST: host, PORT: String(port), DATA_DIR: dataDir });
  const stop = async () => {
    server.child.kill('SIGTERM');
    await server.exited;
    await rm(dataDir, { recursive: true, force: true });
  };
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(
      () => reject(new Error(`server did not start in ${readyWithinMs / 1000} s:\n${server.output()}`)),
      readyWithinMs,
    );
  });
  try {
    await Promise.race([server.ready, late]);
  } catch (error) {
    await stop();
    throw error;
  } finally {
    clearTimeout(timer);
  }
  return { baseUrl: `http://127.0.0.1:${port}`, port, process: server, stop };
}
