import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { byteRange, pcapSegmentsToWav } from '../../src/features/recordings/index.js';

/*
 * rtpengine's recordings (raw-IP pcap, one file per recorded stretch) become one WAV: both sides mixed on one
 * timeline, a pause the silence it was, G.711 decoded, other payloads silent.
 */

const RATE = 8000;

/** A pcap (link type 101, raw IP) of these packets: [capture seconds, IPv4/UDP datagram]. */
function pcap(packets: [number, Buffer][]): Buffer {
  const header = Buffer.alloc(24);
  header.writeUInt32LE(0xa1b2c3d4, 0);
  header.writeUInt16LE(2, 4);
  header.writeUInt16LE(4, 6);
  header.writeUInt32LE(65_535, 16);
  header.writeUInt32LE(101, 20);
  const records = packets.map(([seconds, data]) => {
    const record = Buffer.alloc(16);
    record.writeUInt32LE(Math.floor(seconds), 0);
    record.writeUInt32LE(Math.round((seconds % 1) * 1e6), 4);
    record.writeUInt32LE(data.length, 8);
    record.writeUInt32LE(data.length, 12);
    return Buffer.concat([record, data]);
  });
  return Buffer.concat([header, ...records]);
}

/** An IPv4/UDP datagram carrying one 20 ms RTP packet of `payloadType` whose 160 bytes are all `byte`. */
function rtpDatagram(ssrc: number, sequence: number, timestamp: number, payloadType: number, byte: number): Buffer {
  const rtp = Buffer.alloc(12 + 160, byte);
  rtp[0] = 0x80;
  rtp[1] = payloadType;
  rtp.writeUInt16BE(sequence & 0xffff, 2);
  rtp.writeUInt32BE(timestamp >>> 0, 4);
  rtp.writeUInt32BE(ssrc, 8);
  const ip = Buffer.alloc(28);
  ip[0] = 0x45;
  ip[9] = 17;
  return Buffer.concat([ip, rtp]);
}

/** `seconds` of 20 ms packets of one stream starting at capture time `start`. */
function stream(
  ssrc: number,
  start: number,
  seconds: number,
  byte: number,
  options: { payloadType?: number; firstTimestamp?: number } = {},
) {
  const packets: [number, Buffer][] = [];
  for (let index = 0; index < seconds * 50; index += 1) {
    // Arrival jitter of up to 15 ms must not move the audio: the RTP timestamp places it.
    const jitter = ((index * 7) % 4) * 0.005;
    packets.push([
      start + index * 0.02 + jitter,
      rtpDatagram(ssrc, index, (options.firstTimestamp ?? 1000) + index * 160, options.payloadType ?? 0, byte),
    ]);
  }
  return packets;
}

const interleaved = (...streams: [number, Buffer][][]) => streams.flat().sort((one, other) => one[0] - other[0]);

function wavSamples(wav: Buffer): Int16Array {
  expect(wav.subarray(0, 4).toString('ascii')).toBe('RIFF');
  expect(wav.subarray(8, 16).toString('ascii')).toBe('WAVEfmt ');
  expect(wav.readUInt16LE(22)).toBe(1);
  expect(wav.readUInt32LE(24)).toBe(RATE);
  expect(wav.readUInt32LE(40)).toBe(wav.length - 44);
  expect(wav.readUInt32LE(4)).toBe(wav.length - 8);
  return new Int16Array(wav.buffer.slice(wav.byteOffset + 44, wav.byteOffset + wav.length));
}

describe('recordings: pcap stretches to one WAV', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'shiftline-pcap-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('mixes both sides, keeps a pause as silence and lasts from the first packet to the last', async () => {
    const t0 = 1_800_000_000;
    // Stretch one: 3 s of the caller (μ-law 0xEF, a small positive sample) and the agent (A-law 0xD5, +8).
    await writeFile(
      join(dir, 'a.pcap'),
      pcap(interleaved(stream(1, t0, 3, 0xef), stream(2, t0 + 0.01, 3, 0xd5, { payloadType: 8 }))),
    );
    // Paused 4 s; stretch two: 2 s more of the same streams (rtpengine wrote it to another file), listed first.
    await writeFile(
      join(dir, 'b.pcap'),
      pcap(
        interleaved(
          stream(1, t0 + 7, 2, 0xef, { firstTimestamp: 57_000 }),
          stream(2, t0 + 7.01, 2, 0xd5, { payloadType: 8 }),
        ),
      ),
    );
    const target = join(dir, 'out.wav');
    const result = await pcapSegmentsToWav([join(dir, 'b.pcap'), join(dir, 'a.pcap')], target);
    const wav = await readFile(target);
    const samples = wavSamples(wav);
    expect(result).toEqual({ durationMs: Math.round((samples.length / RATE) * 1000), sizeBytes: wav.length });
    // 9 s from the first packet to the last (plus the second stream's 10 ms head start).
    expect(Math.abs(samples.length / RATE - 9.01)).toBeLessThan(0.03);
    // Both sides at once: μ-law 0xEF is 132 and A-law 0xD5 is 8 (ITU-T G.711).
    expect(samples[Math.round(1.5 * RATE)]).toBe(132 + 8);
    // The pause is silence.
    expect(samples[Math.round(5 * RATE)]).toBe(0);
    expect(samples.subarray(Math.round(3.1 * RATE), Math.round(6.9 * RATE)).every((sample) => sample === 0)).toBe(true);
    expect(samples[Math.round(8 * RATE)]).toBe(132 + 8);
  });

  it('leaves payloads it cannot decode silent and answers null for files with no audio', async () => {
    await writeFile(join(dir, 'dtmf.pcap'), pcap(stream(3, 1_800_000_000, 1, 0x11, { payloadType: 101 })));
    expect(await pcapSegmentsToWav([join(dir, 'dtmf.pcap')], join(dir, 'dtmf.wav'))).toEqual({
      durationMs: 0,
      sizeBytes: 44,
    });
    await writeFile(join(dir, 'empty.pcap'), pcap([]));
    expect(await pcapSegmentsToWav([join(dir, 'empty.pcap')], join(dir, 'empty.wav'))).toBeNull();
  });

  it('converts ten minutes holding a window, not the call', async () => {
    const t0 = 1_800_000_000;
    const packets = stream(4, t0, 600, 0xef);
    await writeFile(join(dir, 'long.pcap'), pcap(packets));
    const before = process.memoryUsage().arrayBuffers;
    const result = await pcapSegmentsToWav([join(dir, 'long.pcap')], join(dir, 'long.wav'));
    expect(Math.abs((result?.durationMs ?? 0) - 600_000)).toBeLessThan(30);
    // The WAV is 9.6 MB; what the conversion held at once is far less.
    expect(process.memoryUsage().arrayBuffers - before).toBeLessThan(8_000_000);
  });
});

describe('recordings: HTTP byte ranges', () => {
  it('reads the ranges a browser asks for', () => {
    expect(byteRange(undefined, 1000)).toBeNull();
    expect(byteRange('bytes=0-', 1000)).toEqual({ start: 0, end: 999 });
    expect(byteRange('bytes=100-199', 1000)).toEqual({ start: 100, end: 199 });
    expect(byteRange('bytes=900-5000', 1000)).toEqual({ start: 900, end: 999 });
    expect(byteRange('bytes=-100', 1000)).toEqual({ start: 900, end: 999 });
    expect(byteRange('bytes=0-1,5-6', 1000)).toBeNull();
    expect(byteRange('bytes=1000-', 1000)).toBe('unsatisfiable');
    expect(byteRange('bytes=5-4', 1000)).toBe('unsatisfiable');
    expect(byteRange('bytes=-', 1000)).toBe('unsatisfiable');
    expect(byteRange('items=0-1', 1000)).toBe('unsatisfiable');
  });
});
