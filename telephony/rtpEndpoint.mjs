// A plain-RTP media end for tests (a carrier's or a caller's): a UDP socket that counts the RTP packets arriving and,
// once the first has come (the relay's address is then known, as symmetric RTP learns it), sends a 440 Hz PCMU tone
// back every 20 ms. SIPp then only signals: its SDP names this socket (telephony/sipp/carrier-caller.xml).
import { createSocket } from 'node:dgram';
import { freePort } from './harness.mjs';

/** μ-law (G.711, PCMU) of a 16-bit sample. */
function mulaw(sample) {
  const sign = sample < 0 ? 0x80 : 0;
  let magnitude = Math.min(Math.abs(sample), 32_635) + 132;
  let exponent = 7;
  for (let mask = 0x4000; (magnitude & mask) === 0 && exponent > 0; mask >>= 1) exponent -= 1;
  const mantissa = (magnitude >> (exponent + 3)) & 0x0f;
  magnitude = 0;
  return ~(sign | (exponent << 4) | mantissa) & 0xff;
}

/** One 20 ms PCMU packet of the tone (RTP header and 160 samples), the `sequence`th. */
function tonePacket(sequence) {
  const packet = Buffer.alloc(12 + 160);
  packet[0] = 0x80;
  packet[1] = 0; // PCMU
  packet.writeUInt16BE(sequence & 0xffff, 2);
  packet.writeUInt32BE((sequence * 160) >>> 0, 4);
  packet.writeUInt32BE(0x5a17ca11, 8);
  for (let index = 0; index < 160; index += 1) {
    packet[12 + index] = mulaw(Math.round(8000 * Math.sin((2 * Math.PI * 440 * (sequence * 160 + index)) / 8000)));
  }
  return packet;
}

export async function startRtpEndpoint(host = '127.0.0.1') {
  const socket = createSocket('udp4');
  const port = await freePort(host);
  await new Promise((resolve) => socket.bind(port, host, resolve));
  let received = 0;
  let sent = 0;
  let timer = null;
  socket.on('message', (_packet, from) => {
    received += 1;
    if (timer) return;
    timer = setInterval(() => {
      socket.send(tonePacket(sent), from.port, from.address);
      sent += 1;
    }, 20);
  });
  return {
    host,
    port,
    received: () => received,
    sent: () => sent,
    close() {
      if (timer) clearInterval(timer);
      socket.close();
    },
  };
}
