import { io } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { waitForConnect } from './support/socketClient.js';
import { demoEmail, login, type Session, startTestApp, type TestApp } from './support/testApp.js';

let t: TestApp;
let baseUrl: string;
let session: Session;
beforeAll(async () => {
  t = await startTestApp({ allowedOrigins: ['https://wallboard.example.com'] });
  baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  session = await login(t.app, demoEmail('agent'));
});
afterAll(() => t.close());

/** A WebSocket handshake as a browser page on `origin` would send it, with the user's cookie. */
const connectFrom = (origin: string) =>
  io(baseUrl, {
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    extraHeaders: { cookie: session.cookie, origin },
  });

describe('Socket.IO origin check', () => {
  it("accepts the app's own origin and the configured ones", async () => {
    for (const origin of [baseUrl, 'https://wallboard.example.com']) {
      const socket = connectFrom(origin);
      await waitForConnect(socket);
      expect(socket.connected).toBe(true);
      socket.close();
    }
  });

  it("refuses a page on another site, even with the user's cookie", async () => {
    for (const origin of ['https://evil.example', 'http://127.0.0.1:1', 'null', 'https://wallboard.example.com.evil']) {
      const socket = connectFrom(origin);
      await expect(waitForConnect(socket), origin).rejects.toThrow();
      expect(socket.connected).toBe(false);
      socket.close();
    }
  });

  it('reads ALLOWED_ORIGINS as a comma-separated list of origins and refuses anything else with one line', () => {
    const env = { DATA_DIR: '/tmp/shiftline-origin-test', SESSION_SECRET: 'x'.repeat(32) };
    expect(
      loadConfig({ ...env, ALLOWED_ORIGINS: 'https://a.example.com/, http://b.example:8080' }).allowedOrigins,
    ).toEqual(['https://a.example.com', 'http://b.example:8080']);
    expect(loadConfig(env).allowedOrigins).toEqual([]);
    expect(() => loadConfig({ ...env, ALLOWED_ORIGINS: 'not a url' })).toThrow(
      /^Invalid configuration: ALLOWED_ORIGINS/,
    );
  });
});
