import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const serverDir = fileURLToPath(new URL('../..', import.meta.url));

export type ServerProcess = {
  child: ChildProcess;
  /** Everything written to stdout and stderr so far. */
  output: () => string;
  stderr: () => string;
  /** Resolves when it prints that it is ready; rejects if it exits first. */
  ready: Promise<void>;
  exited: Promise<number | null>;
};

/** Runs one of the server's entry points (src/server.ts unless told) as its own process, as `npm start` does. */
export function spawnServer(env: Record<string, string>, entry = 'src/server.ts', args: string[] = []): ServerProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', entry, ...args], {
    cwd: serverDir,
    env: { ...process.env, HOST: '127.0.0.1', LOG_LEVEL: 'warn', DATABASE_URL: '', REDIS_URL: '', ...env },
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
    child.stdout?.on('data', () => output.includes('Shiftline is ready') && resolve());
    void exited.then((code) => reject(new Error(`exited with ${code} before it was ready:\n${output}`)));
  });
  ready.catch(() => undefined);
  return { child, output: () => output, stderr: () => stderr, ready, exited };
}
