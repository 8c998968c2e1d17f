/**
 * Public token lookups (visit invitations, survey links, share links) are throttled per client IP
 * after a bounded number of failed guesses (lib/guess-limit.ts; docs/security.md "Inbound
 * principals"), as an attacker guessing tokens would meet it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOKEN_GUESS_LIMIT } from '../src/lib/guess-limit';
import { CloseCode } from '../src/realtime/realtime';
import { createTestApp, type TestApp } from './setup';
import { connectSocket } from './ws-client';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const guess = (url: string, header: string, ip: string, lang = 'en') =>
  t.app.inject({ method: 'GET', url, headers: { [header]: 'G'.repeat(43), 'accept-language': lang }, remoteAddress: ip });
const invitation = (ip: string, lang?: string) => guess('/api/visit/invitation', 'visitinvitation', ip, lang);
const survey = (ip: string) => guess('/api/surveylink/getsurvey', 'surveytoken', ip);
const shareLink = (ip: string) => guess('/api/publiclink/getmeasurementsfromlink', 'linkid', ip);

describe('failed guesses of public tokens', () => {
  it('answer 429 with Retry-After in the envelope once an address has guessed wrong too often; another address is not limited', async () => {
    const ip = '198.51.100.20';
    for (let i = 0; i < TOKEN_GUESS_LIMIT.max; i++) { expect((await invitation(ip)).statusCode).toBe(404); }
    const limited = await invitation(ip, 'es');
    expect(limited.statusCode).toBe(429);
    const seconds = Number(limited.headers['retry-after']);
    expect(seconds).toBeGreaterThan(0);
    expect(seconds).toBeLessThanOrEqual(TOKEN_GUESS_LIMIT.windowMs / 1000);
    expect(limited.json()).toEqual({ resFlag: false, data: null, msg: `Demasiadas solicitudes. Vuelva a intentarlo en ${seconds} segundos.`, code: 'tooManyRequests' });
    expect(limited.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    // every kind of public token shares the budget: the guesser cannot move to survey or share links
    expect((await survey(ip)).statusCode).toBe(429);
    expect((await shareLink(ip)).statusCode).toBe(429);
    expect((await guess('/api/visit/iceservers', 'visitinvitation', ip)).statusCode).toBe(429);
    // another address still gets its answer
    expect((await invitation('198.51.100.21')).statusCode).toBe(404);
  });

  it('count failures of survey and share links too', async () => {
    const ip = '198.51.100.30';
    for (let i = 0; i < TOKEN_GUESS_LIMIT.max; i++) { expect((await (i % 2 ? survey(ip) : shareLink(ip))).statusCode).toBe(404); }
    expect((await survey(ip)).statusCode).toBe(429);
    expect((await invitation(ip)).statusCode).toBe(429);
  });

  it("count a guest socket's guestInit against the same budget, and refuse its init once it is spent", async () => {
    // An injected socket has no remote address: its guesses are counted under one address of their own.
    for (let i = 0; i < TOKEN_GUESS_LIMIT.max; i++) {
      const socket = await connectSocket(t);
      socket.send({ type: 'guestInit', invitation: `G${i}`.padEnd(43, 'x') });
      expect(await socket.closed).toEqual({ code: CloseCode.BAD_INIT, reason: 'bad init' });
    }
    const spent = await connectSocket(t);
    spent.send({ type: 'guestInit', invitation: 'H'.repeat(43) });
    expect(await spent.closed).toEqual({ code: CloseCode.BAD_INIT, reason: 'too many attempts' });
  });

  it('do not count answers that are not failed guesses (staff routes, malformed requests)', async () => {
    const ip = '198.51.100.40';
    for (let i = 0; i < TOKEN_GUESS_LIMIT.max + 5; i++) {
      expect((await t.app.inject({ method: 'GET', url: '/api/visit/invitation', remoteAddress: ip })).statusCode).toBe(400); // no token at all
    }
    expect((await invitation(ip)).statusCode).toBe(404);
  });
});

/**
 * Several API processes count against one budget (README "Configuration", REDIS_URL): two apps on
 * one Redis, each with its own database as two processes would have their own memory. Needs
 * REDIS_URL (CI sets it); without it the test says so and is skipped.
 */
const redisUrl = process.env.REDIS_URL;
describe.runIf(Boolean(redisUrl))('failed guesses across API processes (Redis)', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    a = await createTestApp({ redisUrl });
    b = await createTestApp({ redisUrl });
  }, 120_000);
  afterAll(async () => {
    await a?.close();
    await b?.close();
  });

  it('share one budget: failures on one process limit the address on the other', async () => {
    // A fresh address per run: the counters outlive a test run for their window.
    const ip = `2001:db8::${Math.floor(Math.random() * 0xffff).toString(16)}:${Date.now().toString(16).slice(-4)}`;
    const on = (app: TestApp) => app.app.inject({ method: 'GET', url: '/api/visit/invitation', headers: { visitinvitation: 'G'.repeat(43) }, remoteAddress: ip });
    for (let i = 0; i < TOKEN_GUESS_LIMIT.max; i++) { expect((await on(i % 2 ? a : b)).statusCode).toBe(404); }
    const limited = await on(a);
    expect(limited.statusCode).toBe(429);
    expect((await on(b)).statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(TOKEN_GUESS_LIMIT.windowMs / 1000 - 120);
  });
});
if (!redisUrl) { console.info('token-guess-limit.int.test.ts: the cross-process case is skipped: set REDIS_URL to run it'); }
