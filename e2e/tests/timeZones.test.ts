import { fileURLToPath } from 'node:url';
import { TIME_ZONE_IDS } from '@shiftline/shared';
import type { Browser } from 'playwright-core';
import { build, type Rolldown } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../support/api.js';
import { launchBrowser, newContext, signIn } from '../support/browser.js';
import { type OffsetChange, zoneKind, zoneOffsetChanges } from '../support/zoneOffsetChanges.js';

const FROM_MS = Date.UTC(2026, 0, 1);
const TO_MS = Date.UTC(2029, 0, 1);

type Probe = {
  zones: string[];
  zoneKind: (zone: string) => string;
  zoneOffsetChanges: (zone: string, fromMs: number, toMs: number) => OffsetChange[];
};

/** The probe bundled as the web app is (its Vite config, so shared's tree-shaking rules apply), as one script. */
async function probeScript(): Promise<string> {
  const output = (await build({
    configFile: fileURLToPath(new URL('../../apps/web/vite.config.ts', import.meta.url)),
    root: fileURLToPath(new URL('../../apps/web', import.meta.url)),
    logLevel: 'silent',
    build: {
      write: false,
      sourcemap: false,
      minify: true,
      lib: {
        entry: fileURLToPath(new URL('../support/tzProbeEntry.ts', import.meta.url)),
        formats: ['iife'],
        name: 'tz',
      },
    },
  })) as Rolldown.RolldownOutput | Rolldown.RolldownOutput[];
  const [first] = Array.isArray(output) ? output : [output];
  const chunk = first?.output.find((item) => item.type === 'chunk');
  if (chunk?.type !== 'chunk') throw new Error('the probe bundle has no script');
  return chunk.code;
}

let browser: Browser;
let script: string;
beforeAll(async () => {
  [browser, script] = await Promise.all([launchBrowser(), probeScript()]);
});
afterAll(async () => {
  await browser?.close();
});

describe('one time-zone database for server and browser', () => {
  it('gives every offset change of the thirteen zones from 2026 to 2028 alike in Chromium and on the server', async () => {
    // A viewer whose own system zone is one of the changed ones, so 'local' times are covered too.
    const context = await browser.newContext({ timezoneId: 'America/Vancouver', locale: 'en-US' });
    const page = await context.newPage();
    await page.addScriptTag({ content: script });
    const inChromium = await page.evaluate(
      ({ from, to }) => {
        const probe = (globalThis as unknown as { tzProbe: Probe }).tzProbe;
        return probe.zones.map((zone) => ({
          zone,
          kind: probe.zoneKind(zone),
          changes: probe.zoneOffsetChanges(zone, from, to),
        }));
      },
      { from: FROM_MS, to: TO_MS },
    );
    await context.close();

    // The server's code: the same shared module and Luxon, in Node (whose own ICU carries tz 2025c).
    const onServer = TIME_ZONE_IDS.map((zone) => ({
      zone,
      kind: zoneKind(zone),
      changes: zoneOffsetChanges(zone, FROM_MS, TO_MS),
    }));

    expect(inChromium.map((entry) => entry.zone)).toEqual([...TIME_ZONE_IDS]);
    for (const [index, server] of onServer.entries()) {
      expect(inChromium[index], server.zone).toEqual(server);
    }
    expect(onServer.every((entry) => entry.kind === 'tzdb')).toBe(true);
    // The rules both sides must share: Vancouver's last change is March 2026; Toronto changes twice a year.
    const changesOf = (zone: string) => onServer.find((entry) => entry.zone === zone)?.changes ?? [];
    expect(changesOf('America/Vancouver')).toEqual([{ atUtc: '2026-03-08T10:00:00.000Z', offsetMinutes: -420 }]);
    expect(changesOf('America/Toronto')).toHaveLength(6);
    expect(changesOf('America/Phoenix')).toEqual([]);
  });

  it('shows the table’s abbreviation in the built app, not Chromium’s (Vancouver in December 2026 is MST)', async () => {
    const context = await newContext(browser, { timezoneId: 'America/Vancouver' });
    await context.clock.setFixedTime(new Date('2026-12-01T20:00:00Z'));
    const page = await context.newPage();
    await signIn(page, 'agent@shiftline.test');
    const me = await api<{ user: { timezone: string } }>(page, 'GET', '/api/auth/me');
    await api(page, 'POST', '/api/profile/timezone', { timezone: 'America/Vancouver' });
    try {
      await page.reload();
      // Chromium's own data (tz 2026e, ICU's names) calls this time 'PDT'; tzdb, which the app reads, 'MST'.
      await expect.poll(() => page.getByTestId('clock-local').textContent()).toBe('13:00:00 MST');
    } finally {
      await api(page, 'POST', '/api/profile/timezone', { timezone: me.json.user.timezone });
      await context.close();
    }
  });
});
