import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './support/testApp.js';

const script = `console.log(${JSON.stringify('shiftline '.repeat(400))});\n`;
let webDist: string;
let plain: TestApp;
let secure: TestApp;

beforeAll(async () => {
  // A built web app as Vite and scripts/precompress.mjs leave it: hashed files under assets/, each with a .br.
  webDist = await mkdtemp(join(tmpdir(), 'shiftline-web-'));
  await mkdir(join(webDist, 'assets'));
  await writeFile(join(webDist, 'index.html'), `<!doctype html><title>Shiftline</title>${'<!-- -->'.repeat(200)}`);
  await writeFile(join(webDist, 'assets', 'index-D4x9Qa1b.js'), script);
  await writeFile(join(webDist, 'assets', 'index-D4x9Qa1b.js.br'), brotliCompressSync(script));
  plain = await startTestApp({ webDist, secureCookies: false });
  secure = await startTestApp({ webDist, secureCookies: true });
});

afterAll(async () => {
  await plain?.close();
  await secure?.close();
  await rm(webDist, { recursive: true, force: true });
});

describe('security headers', () => {
  it('leaves out upgrade-insecure-requests and HSTS over plain HTTP (a LAN address would load a blank page)', async () => {
    const response = await plain.app.inject({ method: 'GET', url: '/login' });
    expect(response.headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });

  it('sends both when the app is served over HTTPS (SECURE_COOKIES=true)', async () => {
    const response = await secure.app.inject({ method: 'GET', url: '/login' });
    expect(response.headers['content-security-policy']).toContain('upgrade-insecure-requests');
    expect(response.headers['strict-transport-security']).toContain('max-age=');
  });
});

describe('compression and caching', () => {
  it('sends hashed built files precompressed and cached for good', async () => {
    const response = await plain.app.inject({
      method: 'GET',
      url: '/assets/index-D4x9Qa1b.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers.vary).toContain('accept-encoding');
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(script);
  });

  it('makes browsers revalidate index.html, for every client route', async () => {
    for (const url of ['/', '/schedule', '/index.html']) {
      const response = await plain.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it('answers 404 for a built file that is not there, not index.html (a page from before a new build)', async () => {
    const response = await plain.app.inject({ method: 'GET', url: '/assets/index-Old0Hash.js' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toContain('application/json');
  });

  it('compresses API answers with brotli or gzip as the client accepts', async () => {
    const brotli = await plain.app.inject({
      method: 'GET',
      url: '/api/docs/json',
      headers: { 'accept-encoding': 'br' },
    });
    expect(brotli.headers['content-encoding']).toBe('br');
    const spec = JSON.parse(brotliDecompressSync(brotli.rawPayload).toString()) as { openapi: string };
    expect(spec.openapi).toMatch(/^3\./);
    const gzip = await plain.app.inject({
      method: 'GET',
      url: '/api/docs/json',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).length).toBeGreaterThan(gzip.rawPayload.length * 3);
    const identity = await plain.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(identity.headers['content-encoding']).toBeUndefined();
  });
});

describe('health', () => {
  it('answers liveness without the database and readiness with it', async () => {
    expect((await plain.app.inject({ method: 'GET', url: '/healthz' })).json()).toEqual({ status: 'ok' });
    const ready = await plain.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toMatchObject({ status: 'ready', database: { status: 'ok' } });
  });
});
