/**
 * Chat benchmark (docs/benchmarks.md "Chat"). Prints figures; asserts nothing.
 *
 * A chat message from send to delivered on the other socket: 200 open conversations (200 pairs of
 * staff of one office, each person with an open, initialised WebSocket on /api/ws, each conversation
 * with a history of 20 messages). Each sender posts POST pushnotifications/sendnotificationtouser
 * (type 1, chat) and the time is taken from the send until the recipient's socket receives the
 * `notification` event (what the recipient's open page shows live). Two phases:
 *  - one message at a time, round-robin over the conversations (the latency without queueing);
 *  - all 200 conversations active at once, each sender sending a message every 10 s (20 messages/s;
 *    BENCH_CHAT_PACE_MS changes the pace).
 * Target: p99 < 100 ms. Printed beside a same-run baseline: a trivial authenticated GET
 * (verifier/dinstinctDomains) by the same senders at the same pace, and the ratio of the p99s. The
 * sender's own "delivered" (the POST answered, spec section 4) is printed too.
 *
 * Set-up: a fresh database on BENCH_DATABASE_URL (else DATABASE_URL, else the local `test`
 * database's server), migrated, with the users, their sessions (written directly: 400 password
 * sign-ins would only time the password hash) and the history; then the API in a child process
 * bundled and started as `npm start` runs it (bench/api-process.ts; BENCH_REDIS_URL puts its
 * real-time bus on Redis, as several API processes would).
 * Usage: npm run bench:chat   (BENCH_SECONDS, default 20; BENCH_KEEP_DB=1 keeps the database)
 */
import os from 'node:os';
import WebSocket from 'ws';
import { NotificationType, Role } from '@vigil/contract';
import { openDatabase } from '../packages/api/src/db/client';
import { seedReferenceData } from '../packages/api/src/db/seed/reference';
import { hospitals, notifications, organizations, sessions, userHospitals, users } from '../packages/api/src/db/schema/index';
import { newToken, tokenHash } from '../packages/api/src/lib/crypto';
import { ApiProcess } from './api-process';
import { agent, createBenchDatabase, latencyLine, p99, request } from './lib';

const CONVERSATIONS = 200;
const HISTORY = 20;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
/** Each active conversation's sender sends a message this often (BENCH_CHAT_PACE_MS; default 10 s: 20 messages/s over 200 conversations). */
const PACE_MS = Number(process.env.BENCH_CHAT_PACE_MS ?? 10_000);

const fmt = (xs: number[]) => latencyLine(xs, { n: true });

interface Person {
  id: number;
  token: string;
  ws?: WebSocket;
}

/** Opens and initialises `p`'s socket; `onChat` gets the id of each pushed chat notification. */
function openSocket(port: number, p: Person, onChat: (id: number) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`ws://127.0.0.1:${port}/api/ws`);
    p.ws = ws;
    ws.on('open', () => ws.send(JSON.stringify({ type: 'init', sessionToken: p.token, userId: p.id })));
    ws.on('message', (data) => {
      const m = JSON.parse(String(data)) as { type: string; data?: { notificationId: number; notificationTypeId: number } };
      if (m.type === 'ready') { resolve(); }
      else if (m.type === 'notification' && m.data?.notificationTypeId === NotificationType.CHAT) { onChat(m.data.notificationId); }
    });
    ws.on('error', reject);
    ws.on('close', (code) => reject(new Error(`socket closed ${code}`)));
  });
}

async function main(): Promise<void> {
  const bench = await createBenchDatabase('vigil_bench_chat');
  const url = bench.url;
  let api: ApiProcess | null = null;
  const everyone: Person[] = [];
  try {
    const database = await openDatabase({ databaseUrl: url, poolSize: 5 });
    const db = database.db;
    await seedReferenceData(db);
    const [org] = await db.insert(organizations).values({ institutionName: 'Bench chat' }).returning({ id: organizations.id });
    const [office] = await db.insert(hospitals).values({ organizationId: org!.id, hospitalName: 'Bench chat office' }).returning({ id: hospitals.id });
    const rows = await db
      .insert(users)
      .values(
        Array.from({ length: CONVERSATIONS * 2 }, (_, i) => ({
          roleId: i % 2 === 0 ? Role.NURSE : Role.DOCTOR,
          organizationId: org!.id,
          firstName: 'Bench',
          lastName: `Person ${i}`,
          username: `benchchat${i}`,
          email: `benchchat${i}@example.test`,
          passwordHash: 'x',
        })),
      )
      .returning({ id: users.id });
    await db.insert(userHospitals).values(rows.map((r) => ({ userId: r.id, hospitalId: office!.id })));
    for (const r of rows) { everyone.push({ id: r.id, token: newToken() }); }
    await db.insert(sessions).values(everyone.map((p) => ({ tokenHash: tokenHash(p.token), userId: p.id, sessionType: 'WEB', ip: '127.0.0.1', expiresAt: new Date(Date.now() + 6 * 3_600_000) })));
    const pairs = Array.from({ length: CONVERSATIONS }, (_, i) => ({ from: everyone[2 * i]!, to: everyone[2 * i + 1]! }));
    const history = pairs.flatMap(({ from, to }) =>
      Array.from({ length: HISTORY }, (_, k) => ({
        notificationTypeId: NotificationType.CHAT,
        fromUserId: k % 2 === 0 ? from.id : to.id,
        toUserId: k % 2 === 0 ? to.id : from.id,
        messageEn: `history ${k}`,
        messageEs: `history ${k}`,
        isRead: true,
        createdAt: new Date(Date.now() - (HISTORY - k) * 60_000),
      })),
    );
    for (let i = 0; i < history.length; i += 1000) { await db.insert(notifications).values(history.slice(i, i + 1000)); }
    await database.pool!.query('vacuum analyze notifications');
    await database.close();
    console.log(`load average ${os.loadavg().map((l) => l.toFixed(2)).join(' ')} on ${os.cpus().length} cores`);
    console.log(`${CONVERSATIONS} conversations (${everyone.length} staff of one office, ${history.length} messages of history)`);

    api = await ApiProcess.start(url);
    const port = api.port;
    const waiting = new Map<number, (at: number) => void>();
    const early = new Map<number, number>();
    const arrived = (id: number) => {
      const at = performance.now();
      const w = waiting.get(id);
      if (w) {
        waiting.delete(id);
        w(at);
      } else { early.set(id, at); }
    };
    for (let i = 0; i < everyone.length; i += 50) { await Promise.all(everyone.slice(i, i + 50).map((p) => openSocket(port, p, arrived))); }
    console.log(`${everyone.length} sockets open and initialised${process.env.BENCH_REDIS_URL ? ' (real-time bus on Redis)' : ''}`);

    /** One message from `from` to `to`: ms until the POST answered and until the other socket got it. */
    const sendOne = async (from: Person, to: Person, text: string) => {
      const started = performance.now();
      const res = await request(port, 'POST', '/api/pushnotifications/sendnotificationtouser', { SessionGuid: from.token }, JSON.stringify({ userId: to.id, notificationMsg: text, notificationTypeId: 1 }));
      const answered = performance.now();
      if (res.status !== 200) { throw new Error(`send ${res.status}: ${res.text.slice(0, 200)}`); }
      const id = (JSON.parse(res.text) as { data: { notificationId: number } }).data.notificationId;
      const at = early.get(id) ?? (await new Promise<number>((resolve, reject) => {
        waiting.set(id, resolve);
        setTimeout(() => waiting.has(id) && reject(new Error(`message ${id} not delivered within 10 s`)), 10_000);
      }));
      early.delete(id);
      return { answered: answered - started, delivered: at - started };
    };
    const baselineOne = async (from: Person) => {
      const started = performance.now();
      const res = await request(port, 'GET', '/api/verifier/dinstinctDomains', { SessionGuid: from.token });
      if (res.status !== 200) { throw new Error(`baseline ${res.status}`); }
      return performance.now() - started;
    };

    // Warm-up.
    for (let i = 0; i < 50; i++) {
      await sendOne(pairs[i % CONVERSATIONS]!.from, pairs[i % CONVERSATIONS]!.to, `warm-up ${i}`);
      await baselineOne(pairs[i % CONVERSATIONS]!.from);
    }

    // Phase 1: one at a time.
    const seqBase: number[] = [];
    const seqAnswered: number[] = [];
    const seqDelivered: number[] = [];
    let end = performance.now() + (SECONDS / 2) * 1000;
    for (let i = 0; performance.now() < end; i++) { seqBase.push(await baselineOne(pairs[i % CONVERSATIONS]!.from)); }
    end = performance.now() + (SECONDS / 2) * 1000;
    for (let i = 0; performance.now() < end; i++) {
      const r = await sendOne(pairs[i % CONVERSATIONS]!.from, pairs[i % CONVERSATIONS]!.to, `one at a time ${i}`);
      seqAnswered.push(r.answered);
      seqDelivered.push(r.delivered);
    }
    console.log(`\none message at a time (${SECONDS / 2} s each):`);
    console.log(`  baseline GET verifier/dinstinctDomains:   ${fmt(seqBase)}`);
    console.log(`  send answered (the sender's "delivered"): ${fmt(seqAnswered)}`);
    console.log(`  send to delivered on the other socket:    ${fmt(seqDelivered)}`);
    console.log(`  ratio p99 delivered / baseline: ${(p99(seqDelivered) / p99(seqBase)).toFixed(2)}`);

    // Phase 2: every conversation active, a message every PACE_MS per sender (staggered).
    const paced = async (work: (pair: (typeof pairs)[number], i: number) => Promise<void>) => {
      const stop = performance.now() + SECONDS * 1000;
      await Promise.all(
        pairs.map(async (pair, c) => {
          await new Promise((r) => setTimeout(r, (c * PACE_MS) / CONVERSATIONS));
          for (let i = 0; performance.now() < stop; i++) {
            const started = performance.now();
            await work(pair, i);
            const spent = performance.now() - started;
            if (spent < PACE_MS) { await new Promise((r) => setTimeout(r, PACE_MS - spent)); }
          }
        }),
      );
    };
    const loadBase: number[] = [];
    await paced(async (pair) => {
      loadBase.push(await baselineOne(pair.from));
    });
    const loadAnswered: number[] = [];
    const loadDelivered: number[] = [];
    await paced(async (pair, i) => {
      const r = await sendOne(pair.from, pair.to, `under load ${i}`);
      loadAnswered.push(r.answered);
      loadDelivered.push(r.delivered);
    });
    console.log(`\n${CONVERSATIONS} conversations active at once, a message every ${PACE_MS} ms each (${(CONVERSATIONS * 1000) / PACE_MS} messages/s), ${SECONDS} s each:`);
    console.log(`  baseline GET verifier/dinstinctDomains:   ${fmt(loadBase)}`);
    console.log(`  send answered (the sender's "delivered"): ${fmt(loadAnswered)}`);
    console.log(`  send to delivered on the other socket:    ${fmt(loadDelivered)}`);
    console.log(`  ratio p99 delivered / baseline: ${(p99(loadDelivered) / p99(loadBase)).toFixed(2)} (target: delivered p99 < 100 ms)`);
  } finally {
    for (const p of everyone) { p.ws?.removeAllListeners('close'); }
    for (const p of everyone) { p.ws?.close(); }
    await api?.stop();
    await bench.drop();
    agent.destroy();
  }
}

await main();
