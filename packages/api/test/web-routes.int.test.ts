import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './setup';

let t: TestApp;
let dist: string;

beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-dist-'));
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Vigil</title><div id="root"></div>');
  fs.writeFileSync(path.join(dist, 'assets', 'app.js'), 'console.log(1)');
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
});
