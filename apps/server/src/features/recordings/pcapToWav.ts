import { open } from 'node:fs/promises';

/*
 * rtpengine's recordings (--recording-method=pcap --recording-format=raw) are pcap files of the call's RTP as it
 * arrived from each side, one file per recorded stretch: a pause ends one, the resume starts the next. This turns a
 * leg's files into one WAV (8 kHz, 16-bit, mono: both sides mixed) a browser plays, streaming: it reads the packets
 * in order and keeps only a ten-second mixing window in memory, so an hour's call costs what a minute's does.
 *
 * Each packet goes where its RTP timestamp puts it, counted from where its stream (SSRC) started in that file, and a
 * file's streams start where they arrived (their capture time): jitter does not stretch the call, and a pause comes
 * out as the silence it was. G.711 (PCMU, PCMA) is decoded; other payloads (DTMF events, comfort noise, a codec
 * rtpengine would have transcoded) are left silent.
 */

const RATE = 8000;
const WINDOW = RATE * 10;
const WAV_HEADER_BYTES = 44;
const LINKTYPE_ETHERNET = 1;
const LINKTYPE_RAW = 101;
const CHUNK = 256 * 1024;

/** 16-bit sample of each μ-law (PCMU) and A-law (PCMA) byte. */
const MULAW = new Int16Array(256);
const ALAW = new Int16Array(256);
for (let byte = 0; byte < 256; byte += 1) {
  const u = ~byte & 0xff;
  const magnitude = (((u & 0x0f) << 3) + 0x84) << ((u & 0x70) >> 4);
  MULAW[byte] = u & 0x80 ? 0x84 - magnitude : magnitude - 0x84;
  const a = byte ^ 0x55;
  const segment = (a & 0x70) >> 4;
  let value = (a & 0x0f) << 4;
  value = segment === 0 ? value + 8 : (value + 0x108) << (segment - 1);
  ALAW[byte] = a & 0x80 ? value : -value;
}
const DECODERS: Record<number, Int16Array> = { 0: MULAW, 8: ALAW };

type Packet = { seconds: number; data: Buffer };

/** The packets of a pcap file in order, read in chunks. */
async function* packetsOf(path: string): AsyncGenerator<Packet> {
  const file = await open(path, 'r');
  try {
    let buffer = Buffer.alloc(0);
    let ended = false;
    const fill = async (needed: number) => {
      while (buffer.length < needed && !ended) {
        const chunk = Buffer.alloc(CHUNK);
        const { bytesRead } = await file.read(chunk, 0, CHUNK, null);
        if (bytesRead === 0) ended = true;
        else buffer = Buffer.concat([buffer, chunk.subarray(0, bytesRead)]);
      }
      return buffer.length >= needed;
    };
    if (!(await fill(24))) return;
    const magic = buffer.readUInt32LE(0);
    const little = magic === 0xa1b2c3d4 || magic === 0xa1b23c4d;
    if (!little && buffer.readUInt32BE(0) !== 0xa1b2c3d4 && buffer.readUInt32BE(0) !== 0xa1b23c4d) {
      throw new Error(`${path} is not a pcap file`);
    }
    const nanos = (little ? magic : buffer.readUInt32BE(0)) === 0xa1b23c4d;
    const u32 = (at: number) => (little ? buffer.readUInt32LE(at) : buffer.readUInt32BE(at));
    const linkType = u32(20);
    if (linkType !== LINKTYPE_RAW && linkType !== LINKTYPE_ETHERNET) throw new Error(`${path}: link type ${linkType}`);
    const linkBytes = linkType === LINKTYPE_ETHERNET ? 14 : 0;
    buffer = buffer.subarray(24);
    for (;;) {
      if (!(await fill(16))) return;
      const seconds = u32(0) + u32(4) / (nanos ? 1e9 : 1e6);
      const length = u32(8);
      // A file cut short (rtpengine stopped mid-write) ends at its last whole packet.
      if (!(await fill(16 + length))) return;
      yield { seconds, data: buffer.subarray(16 + linkBytes, 16 + length) };
      buffer = buffer.subarray(16 + length);
    }
  } finally {
    await file.close();
  }
}

type Rtp = { ssrc: number; timestamp: number; payloadType: number; payload: Buffer };

/** The RTP packet inside an IPv4 or IPv6 UDP datagram, or null for anything else (RTCP included). */
function rtpOf(ip: Buffer): Rtp | null {
  const at = (buffer: Buffer, index: number) => buffer[index] ?? 0;
  let udp: number;
  if (at(ip, 0) >> 4 === 4) {
    if (at(ip, 9) !== 17) return null;
    udp = (at(ip, 0) & 0x0f) * 4;
  } else if (at(ip, 0) >> 4 === 6) {
    if (at(ip, 6) !== 17) return null;
    udp = 40;
  } else {
    return null;
  }
  const rtp = ip.subarray(udp + 8);
  const first = at(rtp, 0);
  if (rtp.length < 12 || first >> 6 !== 2) return null;
  const payloadType = at(rtp, 1) & 0x7f;
  if (payloadType >= 72 && payloadType <= 76) return null; // RTCP (200–204 with the marker bit)
  let start = 12 + (first & 0x0f) * 4;
  if (first & 0x10) {
    if (rtp.length < start + 4) return null;
    start += 4 + rtp.readUInt16BE(start + 2) * 4;
  }
  const end = first & 0x20 ? rtp.length - at(rtp, rtp.length - 1) : rtp.length;
  if (end <= start) return null;
  return { ssrc: rtp.readUInt32BE(8), timestamp: rtp.readUInt32BE(4), payloadType, payload: rtp.subarray(start, end) };
}

/** The capture time of a pcap file's first packet (its place among the leg's files), or null when it has none. */
async function firstPacketSeconds(path: string): Promise<number | null> {
  for await (const packet of packetsOf(path)) return packet.seconds;
  return null;
}

function wavHeader(dataBytes: number): Buffer {
  const header = Buffer.alloc(WAV_HEADER_BYTES);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + dataBytes, 4);
  header.write('WAVE', 8, 'ascii');
  header.write('fmt ', 12, 'ascii');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(RATE, 24);
  header.writeUInt32LE(RATE * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(dataBytes, 40);
  return header;
}

export type WavResult = { durationMs: number; sizeBytes: number };

/**
 * Writes the WAV of a leg's recorded pcap files to `target` (created or replaced). Resolves with its length, or
 * null when the files hold no audio.
 */
export async function pcapSegmentsToWav(segments: readonly string[], target: string): Promise<WavResult | null> {
  const starts: { path: string; at: number }[] = [];
  for (const path of segments) {
    const at = await firstPacketSeconds(path);
    if (at !== null) starts.push({ path, at });
  }
  if (starts.length === 0) return null;
  starts.sort((one, other) => one.at - other.at);
  const origin = (starts[0] as { at: number }).at;

  const out = await open(target, 'w');
  try {
    await out.write(wavHeader(0), 0, WAV_HEADER_BYTES, 0);
    const mix = new Int32Array(WINDOW);
    /** The first sample of the window: everything before it is written. */
    let flushed = 0;
    /** One past the last sample any packet reached: the recording's end. */
    let reached = 0;
    let written = 0;
    /** Writes the samples before `sample` (silence where no packet reached), a window at a time. */
    const flushTo = async (sample: number) => {
      while (flushed < sample) {
        const upTo = Math.min(sample, flushed + WINDOW);
        const samples = Buffer.alloc((upTo - flushed) * 2);
        for (let index = flushed; index < upTo; index += 1) {
          const slot = index % WINDOW;
          samples.writeInt16LE(Math.max(-32_768, Math.min(32_767, mix[slot] as number)), (index - flushed) * 2);
          mix[slot] = 0;
        }
        await out.write(samples, 0, samples.length, WAV_HEADER_BYTES + written);
        written += samples.length;
        flushed = upTo;
      }
    };

    for (const { path } of starts) {
      const streams = new Map<number, { sample: number; timestamp: number }>();
      for await (const packet of packetsOf(path)) {
        const rtp = rtpOf(packet.data);
        const decode = rtp ? DECODERS[rtp.payloadType] : undefined;
        if (!rtp || !decode) continue;
        const arrival = Math.round((packet.seconds - origin) * RATE);
        let stream = streams.get(rtp.ssrc);
        // RTP timestamps wrap at 2^32: the difference read as signed 32 bits is the step since the stream began. A
        // stream whose timestamps jump (a phone restarting its clock) starts again where the packet arrived.
        let at = stream ? stream.sample + ((rtp.timestamp - stream.timestamp) | 0) : arrival;
        if (!stream || Math.abs(at - arrival) > RATE * 2) {
          stream = { sample: arrival, timestamp: rtp.timestamp };
          streams.set(rtp.ssrc, stream);
          at = arrival;
        }
        const end = at + rtp.payload.length;
        if (at < flushed || rtp.payload.length > WINDOW) continue; // too late for the window
        if (end - flushed > WINDOW) await flushTo(end - WINDOW);
        for (let index = 0; index < rtp.payload.length; index += 1) {
          mix[(at + index) % WINDOW] = (mix[(at + index) % WINDOW] ?? 0) + (decode[rtp.payload[index] ?? 0xff] ?? 0);
        }
        reached = Math.max(reached, end);
      }
    }
    await flushTo(reached);
    await out.write(wavHeader(written), 0, WAV_HEADER_BYTES, 0);
    return { durationMs: Math.round((written / 2 / RATE) * 1000), sizeBytes: WAV_HEADER_BYTES + written };
  } finally {
    await out.close();
  }
}
