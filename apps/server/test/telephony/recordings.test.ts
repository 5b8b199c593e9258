import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baresipInstalled, type RunningBaresip, startBaresip } from '../../../../telephony/baresip.mjs';
import { kamailioInstalled, type RunningKamailio, sippInstalled } from '../../../../telephony/harness.mjs';
import { startRtpEndpoint } from '../../../../telephony/rtpEndpoint.mjs';
import { createRecordingsService, createRtpengineControl } from '../../src/features/recordings/index.js';
import { signedInRequests } from '../support/requests.js';
import { as, demoEmail, login, type TestApp } from '../support/testApp.js';
import { telephonyCentre } from './centre.js';
import {
  carrierCaller,
  eventually as eventuallyOr,
  type KamailioApp,
  kamailioSaid,
  sippMessages,
  startKamailioApp,
} from './kamailioApp.js';

/*
 * Call recording on real SIP (issue 24 item 8): a carrier's caller (SIPp, plain RTP with a tone) talks 7 s to an
 * agent's desk phone (Debian's baresip, its microphone a tone) on a campaign that records its calls. rtpengine records
 * the call; the agent pauses the recording for 1.5 s (a card number) and resumes it. Once the call ends the app turns
 * rtpengine's files into one WAV: it lasts the talk time, the pause is silence in it and kept with who paused, and
 * it plays with HTTP ranges for the roles allowed (403 for the others), the agent's own only when the campaign says
 * so. Past the campaign's retention the file is deleted.
 */

const installed = kamailioInstalled() && sippInstalled() && baresipInstalled();
const TALK_MS = 7000;
let t: TestApp;
let kamailio: RunningKamailio;
let phone: RunningBaresip | null = null;
const { get, post } = signedInRequests(() => t);
const centre = telephonyCentre(() => t);

const eventually = <T>(probe: () => Promise<T | null | undefined | false>) =>
  eventuallyOr(probe, {
    ms: 20_000,
    explain: () => `${kamailioSaid(kamailio)}\nrtpengine:\n${kamailio?.rtpengine.log().slice(-2000)}`,
  });

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.skipIf(!installed)('call recording through rtpengine', () => {
  let running: KamailioApp;
  beforeAll(async () => {
    running = await startKamailioApp();
    ({ t, kamailio } = running);
  });
  afterAll(async () => {
    await phone?.stop();
    await running?.close();
  });

  it('records a call with its pause, plays it to the roles allowed, and deletes it after the retention', async () => {
    const admin = await login(t.app, demoEmail('administrator'));
    const { id: campaignId, number } = await centre.campaign();
    await t.database.db.updateTable('campaigns').set({ record_calls: true }).where('id', '=', campaignId).execute();
    const agent = await centre.agent(campaignId);
    const other = await centre.agent(campaignId, null);
    const added = await post(admin, `/api/admin/users/${agent.userId}/desk_phones`, { name: 'baresip' });
    expect(added.statusCode, added.body).toBe(201);
    const { credentials } = added.json();
    phone = await startBaresip({
      extension: agent.extension as string,
      domain: '127.0.0.1',
      registrar: `127.0.0.1:${kamailio.port}`,
      username: credentials.username,
      password: credentials.password,
    });
    await phone.waitFor(/200 OK/);
    await post(agent, '/api/status/set_new_status', { status_name: 'ready' });

    const media = await startRtpEndpoint('127.0.0.1');
    const caller = carrierCaller(kamailio, {
      number,
      from: '+14165550177',
      mediaPort: media.port,
      talkMs: TALK_MS,
      timeout: '30s',
    });
    let callId: string;
    try {
      const talking = await eventually(async () => {
        const row = await t.database.db.selectFrom('calls').selectAll().where('did', '=', number).executeTakeFirst();
        return row?.status === 'talking' ? row : null;
      });
      callId = String(talking.id);
      // The agent sees the call being recorded; nobody else may pause it.
      expect((await get(agent, `/api/calls/${callId}/recording`)).json()).toEqual({ recorded: true, paused: false });
      expect((await post(other, `/api/calls/${callId}/recording/pause`)).statusCode).toBe(403);
      await sleep(2000);
      // 50 identical pauses at once: one pause, recorded once.
      const pauses = await Promise.all(
        Array.from({ length: 50 }, () => post(agent, `/api/calls/${callId}/recording/pause`)),
      );
      for (const paused of pauses) expect(paused.json(), paused.body).toEqual({ recorded: true, paused: true });
      await sleep(1500);
      expect((await post(agent, `/api/calls/${callId}/recording/resume`)).json()).toEqual({
        recorded: true,
        paused: false,
      });
      const result = await caller.done;
      expect(result.code, sippMessages(result.output)).toBe(0);
    } finally {
      media.close();
      await caller.stop();
    }

    // Finished within seconds of the hang-up: one WAV as long as the talk time, the pause kept.
    const call = await eventually(async () => {
      const row = await centre.callRow(callId);
      return row.hung_up_at ? row : null;
    });
    const recording = await eventually(async () => {
      const answer = await get(admin, `/api/calls/${callId}/recordings`);
      const found = answer.json().recordings?.[0];
      if (found?.status === 'failed') throw new Error(`recording failed: ${found.failure}`);
      return found?.status === 'ready' ? found : null;
    });
    const talkMs = (call.hung_up_at as Date).getTime() - (call.answered_at as Date).getTime();
    expect(
      Math.abs(recording.duration_ms - talkMs),
      `recorded ${recording.duration_ms} ms of ${talkMs} ms`,
    ).toBeLessThan(1000);
    expect(recording.pauses).toHaveLength(1);
    const [pause] = recording.pauses;
    expect(pause.paused_by).toMatch(/\S/);
    expect(pause.to_ms - pause.from_ms).toBeGreaterThan(1200);

    // The WAV: 8 kHz mono; audio before the pause, silence in it, audio after it.
    const audio = await t.app.inject({ url: recording.audio_url, headers: as(admin) });
    expect(audio.statusCode).toBe(200);
    expect(audio.headers['content-type']).toBe('audio/wav');
    expect(audio.headers['accept-ranges']).toBe('bytes');
    const wav = audio.rawPayload;
    expect(wav.length).toBe(recording.size_bytes);
    expect(wav.subarray(0, 4).toString('ascii')).toBe('RIFF');
    const samples = new Int16Array(wav.buffer.slice(wav.byteOffset + 44, wav.byteOffset + wav.length));
    const loudness = (fromMs: number, toMs: number) => {
      let peak = 0;
      for (let index = Math.round(fromMs * 8); index < Math.round(toMs * 8); index += 1) {
        peak = Math.max(peak, Math.abs(samples[index] ?? 0));
      }
      return peak;
    };
    expect(loudness(500, pause.from_ms - 300)).toBeGreaterThan(1000);
    expect(loudness(pause.from_ms + 300, pause.to_ms - 300)).toBe(0);
    expect(loudness(pause.to_ms + 300, recording.duration_ms - 300)).toBeGreaterThan(1000);

    // A browser's range request, and a download.
    const part = await t.app.inject({ url: recording.audio_url, headers: { ...as(admin), range: 'bytes=44-1043' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 44-1043/${wav.length}`);
    expect(part.rawPayload.equals(wav.subarray(44, 1044))).toBe(true);
    const outside = await t.app.inject({
      url: recording.audio_url,
      headers: { ...as(admin), range: `bytes=${wav.length}-` },
    });
    expect(outside.statusCode).toBe(416);
    const download = await t.app.inject({ url: `${recording.audio_url}?download=1`, headers: as(admin) });
    expect(download.headers['content-disposition']).toBe(
      `attachment; filename="call-${callId}-recording-${recording.id}.wav"`,
    );

    // Who may hear it: these roles any call's; team leads, schedule supervisors and the client portal none.
    for (const role of ['super_admin', 'agent_supervisor', 'campaign_manager'] as const) {
      const viewer = await login(t.app, demoEmail(role));
      expect((await get(viewer, `/api/calls/${callId}/recordings`)).statusCode, role).toBe(200);
      expect((await get(viewer, recording.audio_url)).statusCode, role).toBe(200);
    }
    for (const role of ['team_lead', 'schedule_supervisor', 'company_supervisor'] as const) {
      const viewer = await login(t.app, demoEmail(role));
      expect((await get(viewer, `/api/calls/${callId}/recordings`)).statusCode, role).toBe(403);
      expect((await get(viewer, recording.audio_url)).statusCode, role).toBe(403);
    }
    // The agent hears their own call only once the campaign lets agents hear theirs; another agent never.
    expect((await get(agent, recording.audio_url)).statusCode).toBe(403);
    expect((await get(agent, `/api/calls/${callId}/recordings`)).statusCode).toBe(403);
    await t.database.db
      .updateTable('campaigns')
      .set({ agents_hear_own_recordings: true })
      .where('id', '=', campaignId)
      .execute();
    expect((await get(agent, recording.audio_url)).statusCode).toBe(200);
    expect((await get(other, recording.audio_url)).statusCode).toBe(403);
    // Hostile ids: a clear 4xx.
    expect((await get(admin, '/api/recordings/99999999999/audio')).statusCode).toBe(400);
    expect((await get(admin, '/api/recordings/2147483647/audio')).statusCode).toBe(404);

    // Past the campaign's retention the file goes; the row says so.
    const file = `${kamailio.sipConfig.recordingsDir}/calls/${recording.id}.wav`;
    expect(existsSync(file)).toBe(true);
    await t.database.db
      .updateTable('call_recordings')
      .set({ started_at: new Date(Date.now() - 91 * 86_400_000) })
      .where('id', '=', String(recording.id))
      .execute();
    const control = createRtpengineControl(kamailio.rtpengine.control);
    const service = createRecordingsService({
      db: t.database.db,
      setup: { control, directory: kamailio.sipConfig.recordingsDir as string },
      log: t.app.log,
    });
    expect(await service.expireOld()).toBe(1);
    control.close();
    expect(existsSync(file)).toBe(false);
    const expired = (await get(admin, `/api/calls/${callId}/recordings`)).json().recordings[0];
    expect(expired).toMatchObject({ status: 'expired', audio_url: null });
    expect((await get(admin, recording.audio_url)).statusCode).toBe(404);
  }, 90_000);
});
