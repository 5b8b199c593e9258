import { randomBytes } from 'node:crypto';
import { createSocket } from 'node:dgram';
import { type Bencoded, bdecode, bencode } from './bencode.js';

export type NgAnswer = Record<string, Bencoded | undefined>;

/** rtpengine answered a command with result "error" (its error-reason is the message). */
export class RtpengineError extends Error {}

/**
 * A client of rtpengine's "ng" control socket (bencoded dictionaries over UDP, each request tagged by a cookie the
 * answer echoes). `address` is Kamailio's rtpengine_sock form, "[udp:]host:port". Commands reject with
 * RtpengineError on an error result and with a plain Error when no answer comes within the timeout.
 */
export function createRtpengineControl(address: string, timeoutMs = 2000) {
  const bare = address.replace(/^udp:/, '');
  const separator = bare.lastIndexOf(':');
  const host = bare.slice(0, separator).replace(/^\[|\]$/g, '');
  const port = Number(bare.slice(separator + 1));
  const socket = createSocket(host.includes(':') ? 'udp6' : 'udp4');
  socket.unref();
  const pending = new Map<string, { resolve: (answer: NgAnswer) => void; reject: (error: Error) => void }>();
  socket.on('message', (message) => {
    const space = message.indexOf(0x20);
    const cookie = message.subarray(0, space).toString();
    const waiting = pending.get(cookie);
    if (!waiting) return;
    pending.delete(cookie);
    try {
      const answer = bdecode(message.subarray(space + 1)) as NgAnswer;
      if (answer.result === 'error') waiting.reject(new RtpengineError(String(answer['error-reason'] ?? 'error')));
      else waiting.resolve(answer);
    } catch (error) {
      waiting.reject(error as Error);
    }
  });
  socket.on('error', () => {});

  return {
    command(name: string, fields: Record<string, Bencoded | undefined> = {}): Promise<NgAnswer> {
      const cookie = randomBytes(8).toString('hex');
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          pending.delete(cookie);
          reject(new Error(`rtpengine at ${address} did not answer ${name} within ${timeoutMs} ms`));
        }, timeoutMs);
        timer.unref();
        const settle =
          <T>(then: (value: T) => void) =>
          (value: T) => {
            clearTimeout(timer);
            then(value);
          };
        pending.set(cookie, { resolve: settle(resolve), reject: settle(reject) });
        socket.send(`${cookie} ${bencode({ ...fields, command: name })}`, port, host, (error) => {
          if (error) pending.get(cookie)?.reject(error);
        });
      });
    },
    close: () => socket.close(),
  };
}

export type RtpengineControl = ReturnType<typeof createRtpengineControl>;
