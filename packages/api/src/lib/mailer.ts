import nodemailer from 'nodemailer';
import type { Db } from '../db/client';
import { emailOutbox } from '../db/schema/index';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  /** Sends through SMTP when configured; otherwise keeps the message in the outbox. Never logs the body. */
  send(message: MailMessage): Promise<void>;
}

/**
 * The mailer: SMTP through nodemailer when `smtpUrl` is set, else the `email_outbox` table that a
 * system admin reads in the app, so every e-mail flow works on the embedded default.
 */
export function createMailer(db: Db, opts: { smtpUrl?: string; from: string }): Mailer {
  const transport = opts.smtpUrl ? nodemailer.createTransport(opts.smtpUrl) : null;
  return {
    async send(message) {
      if (!transport) {
        await db.insert(emailOutbox).values({ toAddress: message.to, subject: message.subject, bodyText: message.text, status: 'kept' });
        return;
      }
      try {
        await transport.sendMail({ from: opts.from, to: message.to, subject: message.subject, text: message.text });
        await db.insert(emailOutbox).values({ toAddress: message.to, subject: message.subject, bodyText: '', status: 'sent' });
      } catch (err) {
        await db
          .insert(emailOutbox)
          .values({ toAddress: message.to, subject: message.subject, bodyText: '', status: 'failed', error: (err as Error).message });
        throw err;
      }
    },
  };
}
