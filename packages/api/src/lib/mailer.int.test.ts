/**
 * E-mail through the job queue (lib/mailer.ts, README "Jobs"): with SMTP and the queue, a message
 * is stored in the outbox as `queued` and sent by a `mail-send` job; a refused attempt is retried;
 * a message that cannot be sent ends `failed` with the error in the outbox. The SMTP server here is
 * a minimal one on 127.0.0.1 that refuses the first N messages with a temporary 451.
 */
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/setup';
import { emailOutbox } from '../db/schema/index';

/** A tiny SMTP server: answers the dialogue, refuses the first `refuse` messages at DATA's end, keeps the others. */
function fakeSmtp(refuse: number): Promise<{ port: number; received: string[]; close: () => Promise<void> }> {
  const received: string[] = [];
  let refused = 0;
  const server = net.createServer((socket) => {
    let data: string | null = null;
    let buffer = '';
    socket.write('220 fake ESMTP\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      let i: number;
      while ((i = buffer.indexOf('\r\n')) >= 0) {
        const line = buffer.slice(0, i);
        buffer = buffer.slice(i + 2);
        if (data !== null) {
          if (line === '.') {
            if (refused < refuse) {
              refused++;
              socket.write('451 try again later\r\n');
            } else {
              received.push(data);
              socket.write('250 queued\r\n');
            }
            data = null;
          } else { data += line + '\n'; }
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') { socket.write('250 fake\r\n'); }
        else if (verb === 'DATA') {
          data = '';
          socket.write('354 go on\r\n');
        } else if (verb === 'QUIT') { socket.end('221 bye\r\n'); }
        else { socket.write('250 ok\r\n'); }
      }
    });
    socket.on('error', () => undefined);
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({ port: (server.address() as net.AddressInfo).port, received, close: () => new Promise((r) => server.close(() => r())) }),
    ),
  );
}

async function until<T>(what: string, probe: () => Promise<T | null | undefined>, ms = 40_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await probe();
    if (v) { return v; }
    if (Date.now() > end) { throw new Error(`timed out waiting for ${what}`); }
    await new Promise((r) => setTimeout(r, 100));
  }
}

let smtp: Awaited<ReturnType<typeof fakeSmtp>>;
let t: TestApp;

beforeAll(async () => {
  smtp = await fakeSmtp(1);
  t = await createTestApp({ jobsEnabled: true, jobsPollSeconds: 0.5, jobsRetryDelaySeconds: 1, jobsStopSeconds: 5, smtpUrl: `smtp://127.0.0.1:${smtp.port}` });
}, 120_000);
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const row = async (id: number) => (await t.ctx.db.select().from(emailOutbox).where(eq(emailOutbox.id, id)))[0]!;
const lastId = async () => Number(((await t.ctx.db.execute(sql`select max(id) as id from email_outbox`)) as unknown as { rows: { id: number }[] }).rows[0]!.id);

describe('mail-send jobs', () => {
  it('queues the message in the outbox, retries a refused attempt, and records it sent with the body cleared', async () => {
    await t.ctx.mailer.send({ to: 'ana@example.org', subject: 'Your link', text: 'Open https://vigil.test/x' });
    const id = await lastId();
    expect(['queued', 'sent']).toContain((await row(id)).status);
    const sent = await until('the message to be sent', async () => {
      const r = await row(id);
      return r.status === 'sent' ? r : null;
    });
    expect(sent).toMatchObject({ status: 'sent', bodyText: '', error: null, toAddress: 'ana@example.org' });
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]).toContain('Open https://vigil.test/x');
    // The first attempt was refused (451) and the job retried: two attempts on one job. The queue
    // marks the job completed after its handler has committed the outbox row, so wait for that.
    const jobs = await until('the job to be completed', async () => {
      const r = (await t.ctx.db.execute(sql`select state, retry_count from pgboss.job where name = 'mail-send' and (data->>'outboxId')::int = ${id}`)) as unknown as {
        rows: { state: string; retry_count: number }[];
      };
      return r.rows.length > 0 && r.rows.every((j) => j.state !== 'active') ? r.rows : null;
    });
    expect(jobs).toEqual([{ state: 'completed', retry_count: 1 }]);
  });

  it('a message that cannot be sent ends failed with the error after its retries', async () => {
    await smtp.close();
    await t.ctx.mailer.send({ to: 'ben@example.org', subject: 'Your link', text: 'body' });
    const id = await lastId();
    const failed = await until('the message to fail', async () => {
      const r = await row(id);
      return r.status === 'failed' ? r : null;
    }, 60_000);
    expect(failed.bodyText).toBe('');
    expect(failed.error).toMatch(/^attempt 4 of 4: /);
  }, 90_000);
});
