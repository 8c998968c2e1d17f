import nodemailer from 'nodemailer';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { emailOutbox } from '../db/schema/index';
import { recordSystemLog } from './system-log';
import type { JobDefinition, JobInfo, JobName, JobQueue } from '../jobs/queue';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  /**
   * Sends an e-mail. Without SMTP it is kept in the outbox (status `kept`). With SMTP and the job
   * queue it is stored in the outbox as `queued` and sent by a `mail-send` job with retries
   * (then `sent`, or `failed` with the error); without the queue it is sent now. Never logs the body.
   */
  send(message: MailMessage): Promise<void>;
  /** The `mail-send` job: sends one queued outbox message (jobs/queue.ts). */
  deliver(outboxId: number, job: JobInfo): Promise<{ outboxId: number; status: string }>;
}

/** nodemailer's error code ('ECONNECTION', 'EAUTH'...), never its message (which may hold an address). */
const smtpCode = (err: unknown): string => (typeof (err as { code?: unknown })?.code === 'string' ? (err as { code: string }).code : 'unknown');

/**
 * The mailer: SMTP through nodemailer when `smtpUrl` is set, else the `email_outbox` table that a
 * system admin reads in the app, so every e-mail flow works on the embedded default. The outbox is
 * the record of every message: kept, queued, sent or failed (README "Jobs"). `queue` is read at
 * each send (the queue starts after the mailer).
 */
export function createMailer(db: Db, opts: { smtpUrl?: string; from: string; queue?: () => JobQueue | undefined }): Mailer {
  const transport = opts.smtpUrl ? nodemailer.createTransport(opts.smtpUrl) : null;
  const sendNow = async (message: MailMessage) => {
    try {
      await transport!.sendMail({ from: opts.from, to: message.to, subject: message.subject, text: message.text });
      await db.insert(emailOutbox).values({ toAddress: message.to, subject: message.subject, bodyText: '', status: 'sent' });
    } catch (err) {
      void recordSystemLog(db, { level: 'error', kind: 'integrationFailure', source: 'smtp', message: 'E-mail could not be sent', details: { errCode: smtpCode(err) } });
      await db
        .insert(emailOutbox)
        .values({ toAddress: message.to, subject: message.subject, bodyText: '', status: 'failed', error: (err as Error).message });
      throw err;
    }
  };
  return {
    async send(message) {
      if (!transport) {
        await db.insert(emailOutbox).values({ toAddress: message.to, subject: message.subject, bodyText: message.text, status: 'kept' });
        return;
      }
      const queue = opts.queue?.();
      if (!queue?.durable) { return sendNow(message); }
      // The body waits in the outbox (not in the job's data) and is cleared once sent.
      const [row] = await db
        .insert(emailOutbox)
        .values({ toAddress: message.to, subject: message.subject, bodyText: message.text, status: 'queued' })
        .returning({ id: emailOutbox.id });
      await queue.enqueue('mail-send', { outboxId: row!.id });
    },
    async deliver(outboxId, job) {
      const [row] = await db.select().from(emailOutbox).where(eq(emailOutbox.id, outboxId));
      // Sent or failed already (a job delivered twice), or removed: nothing to do.
      if (!row || row.status !== 'queued' || !transport) { return { outboxId, status: row?.status ?? 'missing' }; }
      try {
        await transport.sendMail({ from: opts.from, to: row.toAddress, subject: row.subject, text: row.bodyText });
      } catch (err) {
        const last = job.retryCount >= job.retryLimit;
        void recordSystemLog(db, { level: 'error', kind: 'integrationFailure', source: 'smtp', message: 'E-mail could not be sent', details: { outboxId, attempt: job.retryCount + 1, errCode: smtpCode(err) } });
        const error = `attempt ${job.retryCount + 1} of ${job.retryLimit + 1}: ${(err as Error).message}`.slice(0, 500);
        await db
          .update(emailOutbox)
          .set(last ? { status: 'failed', error, bodyText: '' } : { error })
          .where(eq(emailOutbox.id, outboxId));
        throw err;
      }
      await db.update(emailOutbox).set({ status: 'sent', bodyText: '', error: null }).where(eq(emailOutbox.id, outboxId));
      return { outboxId, status: 'sent' };
    },
  };
}

/** The `mail-send` queue's worker: three retries, VIGIL_JOBS_RETRY_DELAY_SECONDS apart, doubling. */
export function mailJobDefinition(mailer: Mailer, retryDelaySeconds: number): JobDefinition<JobName> {
  return {
    name: 'mail-send',
    retryLimit: 3,
    retryDelaySeconds,
    expireInSeconds: 5 * 60,
    handler: (data, job) => mailer.deliver((data as { outboxId: number }).outboxId, job),
  };
}
