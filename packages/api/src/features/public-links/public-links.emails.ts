import type { Lang } from '@vigil/contract';
import type { MailMessage } from '../../lib/mailer';

export interface ShareEmailFacts {
  /** "María G.": first name and last initial only (minimal PHI in a mailbox). */
  patientLabel: string;
  officeName: string;
  periodStart: Date;
  periodEnd: Date;
  expiresAt: Date;
  /** IANA time zone the dates are written in (the office's). */
  timeZone: string;
  url: string;
}

/** Formats in the office's time zone; an unknown zone (bad data) falls back to UTC rather than failing the mail. */
function format(date: Date, lang: Lang, timeZone: string, options: Intl.DateTimeFormatOptions): string {
  const locale = lang === 'en' ? 'en-US' : 'es-ES';
  try {
    return new Intl.DateTimeFormat(locale, { ...options, timeZone }).format(date);
  } catch {
    return new Intl.DateTimeFormat(locale, { ...options, timeZone: 'UTC' }).format(date);
  }
}

const day = (date: Date, lang: Lang, timeZone: string) => format(date, lang, timeZone, { dateStyle: 'long' });
const dateTime = (date: Date, lang: Lang, timeZone: string) =>
  format(date, lang, timeZone, { year: 'numeric', month: 'long', day: 'numeric', hour: '2-digit', minute: '2-digit', timeZoneName: 'short' });

/**
 * The e-mail that carries a share link to measurements, in the recipient's language. The link
 * holds the token: this e-mail is the only place it is written (the database keeps its hash).
 */
export function shareLinkEmail(lang: Lang, to: string, f: ShareEmailFacts): MailMessage {
  const from = day(f.periodStart, lang, f.timeZone);
  const until = day(f.periodEnd, lang, f.timeZone);
  const expires = dateTime(f.expiresAt, lang, f.timeZone);
  if (lang === 'en') {
    return {
      to,
      subject: `Measurements shared with you by ${f.officeName}`,
      text:
        `Hello,\n\n${f.officeName} has shared the home measurements of ${f.patientLabel} from ${from} to ${until} with you.\n\n` +
        `Open this link to see them (no sign-in needed):\n\n${f.url}\n\n` +
        `The link works until ${expires}. Please do not forward it: anyone with the link can see these measurements.\n`,
    };
  }
  return {
    to,
    subject: `Mediciones compartidas con usted por ${f.officeName}`,
    text:
      `Hola:\n\n${f.officeName} ha compartido con usted las mediciones en casa de ${f.patientLabel} del ${from} al ${until}.\n\n` +
      `Abra este enlace para verlas (no hace falta iniciar sesión):\n\n${f.url}\n\n` +
      `El enlace funciona hasta el ${expires}. No lo reenvíe: cualquier persona con el enlace puede ver estas mediciones.\n`,
  };
}
