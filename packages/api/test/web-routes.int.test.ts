import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './setup';

let t: TestApp;
let dist: string;

beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-dist-'));
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Vigil</title><div id="root"></div>');
  fs.writeFileSync(path.join(dist, 'assets', 'app.js'), 'console.log(1)');
  // A hashed bundle with the copies the web build writes beside it (packages/web/vite.config.ts).
  const bundle = Buffer.from('export const x = 1;\n'.repeat(500));
  fs.writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), bundle);
  fs.writeFileSync(path.join(dist, 'assets', 'index-abc123.js.br'), zlib.brotliCompressSync(bundle));
  fs.writeFileSync(path.join(dist, 'assets', 'index-abc123.js.gz'), zlib.gzipSync(bundle));
  t = await createTestApp({ webDist: dist });
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

describe('the web app on the API port', () => {
  it('serves the single-page app for client routes, including the validation link under /api', async () => {
    for (const url of ['/', '/auth/login', '/patients?x=1', '/api/user/validatetoken?token=abc']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toContain('text/html');
      expect(res.body).toContain('<div id="root">');
    }
  });

  it('serves assets and answers 404 for a missing asset instead of the page', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/assets/app.js' })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/assets/missing.js' })).statusCode).toBe(404);
  });

  it('keeps unknown API paths as JSON 404s and serves the API docs', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/user/nothing/here' });
    expect(res.statusCode).toBe(404);
    expect(res.json().resFlag).toBe(false);
    expect((await t.app.inject({ method: 'GET', url: '/api/docs/' })).statusCode).toBe(200);
  });

  it('sends the build\'s brotli or gzip copy by Accept-Encoding, and caches hashed assets as immutable', async () => {
    const br = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(String(br.headers['vary']).toLowerCase()).toContain('accept-encoding');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe('export const x = 1;\n'.repeat(500));

    const gz = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe('export const x = 1;\n'.repeat(500));

    const plain = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('export const x = 1;\n'.repeat(500));
  });

  it('has the browser revalidate the index (ETag, no-cache) and answers 304 when it has not changed', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/patients' });
    expect(first.headers['cache-control']).toBe('no-cache');
    const etag = first.headers['etag'];
    expect(typeof etag).toBe('string');
    const again = await t.app.inject({ method: 'GET', url: '/patients', headers: { 'if-none-match': String(etag) } });
    expect(again.statusCode).toBe(304);
  });
});
