// The audio the scripted clients play (SIPp's play_pcap_audio): a capture of RTP packets, PCMU (payload type 0),
// 20 ms each, carrying a soft two-tone hum. Generated rather than kept as a binary file; SIPp takes only the RTP
// payloads, pacing and headers from it and sends them to the far end's address from the SDP.
import { writeFileSync } from 'node:fs';

const SAMPLE_RATE = 8000;
const SAMPLES_PER_PACKET = 160;

/** G.711 μ-law of a 16-bit linear sample. */
function muLaw(sample) {
  const BIAS = 0x84;
  const sign = sample < 0 ? 0x80 : 0;
  let magnitude = Math.min(Math.abs(sample), 32_635) + BIAS;
  let exponent = 7;
  for (let mask = 0x4000; (magnitude & mask) === 0 && exponent > 0; mask >>= 1) exponent -= 1;
  const mantissa = (magnitude >> (exponent + 3)) & 0x0f;
  magnitude = ~(sign | (exponent << 4) | mantissa);
  return magnitude & 0xff;
}

/** Writes `seconds` of tone as an Ethernet/IPv4/UDP/RTP capture at `file`. */
export function writeTonePcap(file, seconds = 30) {
  const packets = Math.round((seconds * SAMPLE_RATE) / SAMPLES_PER_PACKET);
  const frameLength = 14 + 20 + 8 + 12 + SAMPLES_PER_PACKET;
  const out = Buffer.alloc(24 + packets * (16 + frameLength));
  // Global header: little-endian magic, version 2.4, snaplen 65535, link type 1 (Ethernet).
  out.writeUInt32LE(0xa1b2c3d4, 0);
  out.writeUInt16LE(2, 4);
  out.writeUInt16LE(4, 6);
  out.writeUInt32LE(65_535, 16);
  out.writeUInt32LE(1, 20);
  let at = 24;
  for (let index = 0; index < packets; index += 1) {
    const micros = index * 20_000;
    out.writeUInt32LE(Math.floor(micros / 1e6), at);
    out.writeUInt32LE(micros % 1e6, at + 4);
    out.writeUInt32LE(frameLength, at + 8);
    out.writeUInt32LE(frameLength, at + 12);
    const frame = at + 16;
    out.writeUInt16BE(0x0800, frame + 12);
    const ip = frame + 14;
    out.writeUInt8(0x45, ip);
    out.writeUInt16BE(20 + 8 + 12 + SAMPLES_PER_PACKET, ip + 2);
    out.writeUInt8(64, ip + 8);
    out.writeUInt8(17, ip + 9);
    out.writeUInt32BE(0x7f000001, ip + 12);
    out.writeUInt32BE(0x7f000001, ip + 16);
    const udp = ip + 20;
    out.writeUInt16BE(6000, udp);
    out.writeUInt16BE(6002, udp + 2);
    out.writeUInt16BE(8 + 12 + SAMPLES_PER_PACKET, udp + 4);
    const rtp = udp + 8;
    out.writeUInt8(0x80, rtp);
    out.writeUInt8(index === 0 ? 0x80 : 0x00, rtp + 1);
    out.writeUInt16BE(index & 0xffff, rtp + 2);
    out.writeUInt32BE(index * SAMPLES_PER_PACKET, rtp + 4);
    out.writeUInt32BE(0x5eed0001, rtp + 8);
    for (let sample = 0; sample < SAMPLES_PER_PACKET; sample += 1) {
      const t = (index * SAMPLES_PER_PACKET + sample) / SAMPLE_RATE;
      const value = 3000 * Math.sin(2 * Math.PI * 350 * t) + 3000 * Math.sin(2 * Math.PI * 440 * t);
      out.writeUInt8(muLaw(Math.round(value)), rtp + 12 + sample);
    }
    at = frame + frameLength;
  }
  writeFileSync(file, out);
  return packets * 20;
}
