import type { Lang } from '@vigil/contract';
import type { MailMessage } from '../../lib/mailer';

export interface BillingLinkEmailFacts {
  /** The office or organization the file covers. */
  clientName: string;
  year: number;
  month: number;
  title: string;
  url: string;
  expiresAt: Date;
}

function monthName(year: number, month: number, lang: Lang): string {
  return new Intl.DateTimeFormat(lang === 'en' ? 'en-US' : 'es-ES', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(Date.UTC(year, month - 1, 15)),
  );
}

function expiry(date: Date, lang: Lang): string {
  return new Intl.DateTimeFormat(lang === 'en' ? 'en-US' : 'es-ES', { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }).format(date) + ' UTC';
}

/**
 * The e-mail carrying a billing code link, in the recipient's language. It names the office or
 * organization and the month only: no patient data. The billing file holds PHI, so the link opens
 * the app and the download needs a signed-in user who has the office or organization in scope;
 * the e-mail says so. The token is written only here (the database keeps its hash).
 */
export function billingLinkEmail(lang: Lang, to: string, f: BillingLinkEmailFacts): MailMessage {
  const period = monthName(f.year, f.month, lang);
  const until = expiry(f.expiresAt, lang);
  if (lang === 'en') {
    return {
      to,
      subject: `Billing file for ${f.clientName}, ${period}`,
      text:
        `Hello,\n\nThe billing file of ${f.clientName} for ${period}${f.title ? ` (${f.title})` : ''} is ready.\n\n` +
        `Open this link and sign in to Vigil to download it:\n\n${f.url}\n\n` +
        `The link works until ${until}. The file contains patient information: only users with access to the billing of ${f.clientName} can download it. Please do not forward this e-mail.\n`,
    };
  }
  return {
    to,
    subject: `Archivo de facturación de ${f.clientName}, ${period}`,
    text:
      `Hola:\n\nEl archivo de facturación de ${f.clientName} de ${period}${f.title ? ` (${f.title})` : ''} está listo.\n\n` +
      `Abra este enlace e inicie sesión en Vigil para descargarlo:\n\n${f.url}\n\n` +
      `El enlace funciona hasta el ${until}. El archivo contiene información de pacientes: solo los usuarios con acceso a la facturación de ${f.clientName} pueden descargarlo. No reenvíe este correo.\n`,
  };
}
