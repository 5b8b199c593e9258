import { spawnSync } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DataDirInUseError, openDatabase } from '../src/db/database.js';
import { testDatabaseKind } from './support/databases.js';

const folders: string[] = [];
const dataFolder = async () => {
  const folder = await mkdtemp(join(tmpdir(), 'shiftline-lock-'));
  folders.push(folder);
  return folder;
};
afterAll(() => Promise.all(folders.map((folder) => rm(folder, { recursive: true, force: true }))));

describe.skipIf(testDatabaseKind() === 'postgres')('the embedded data folder lock', () => {
  it('counts a lock file another process has created but not yet written its pid into as held', async () => {
    const dataDir = await dataFolder();
    const lock = join(dataDir, 'shiftline.lock');
    // The other process (here: our parent, which runs) is between creating the file and writing its pid.
    await writeFile(lock, '');
    const written = new Promise((resolve) => setTimeout(resolve, 150)).then(() =>
      writeFile(lock, String(process.ppid)),
    );
    const opening = openDatabase({ databaseUrl: null, dataDir });
    // The refusal may come the moment the pid lands, before `written` resolves here: handled from the start, so it
    // is not reported as an unhandled rejection on a busy machine (seen in CI beside a benchmark).
    opening.catch(() => undefined);
    await written;
    await expect(opening).rejects.toThrow(DataDirInUseError);
    await expect(opening).rejects.toThrow(`in use by another Shiftline process (pid ${process.ppid})`);
    expect(await readFile(lock, 'utf8')).toBe(String(process.ppid));
  });

  it('takes over a lock whose process is gone, and leaves nothing else behind', async () => {
    const dataDir = await dataFolder();
    const gone = spawnSync(process.execPath, ['-e', '']).pid;
    await writeFile(join(dataDir, 'shiftline.lock'), String(gone));
    const database = await openDatabase({ databaseUrl: null, dataDir });
    try {
      expect(await readFile(join(dataDir, 'shiftline.lock'), 'utf8')).toBe(String(process.pid));
      expect((await readdir(dataDir)).filter((name) => name.startsWith('shiftline.lock'))).toEqual(['shiftline.lock']);
    } finally {
      await database.close();
    }
    expect(await readdir(dataDir)).not.toContain('shiftline.lock');
  }, 60_000);
});
