import type { Lang } from '@vigil/contract';
import type { MailMessage } from '../../lib/mailer';

type Kind = 'reset' | 'validation' | 'removal';

const texts: Record<Kind, Record<Lang, { subject: string; body: (name: string, link: string, hours: string) => string }>> = {
  reset: {
    en: {
      subject: 'Reset your Vigil password',
      body: (name, link, hours) =>
        `Hello ${name},\n\nWe received a request to reset your Vigil password. Open this link within ${hours} to choose a new one:\n\n${link}\n\nIf you did not ask for this, you can ignore this e-mail; your password stays the same.\n`,
    },
    es: {
      subject: 'Restablezca su contraseña de Vigil',
      body: (name, link, hours) =>
        `Hola ${name}:\n\nRecibimos una solicitud para restablecer su contraseña de Vigil. Abra este enlace en un plazo de ${hours} para elegir una nueva:\n\n${link}\n\nSi no la solicitó, puede ignorar este correo; su contraseña no cambia.\n`,
    },
  },
  validation: {
    en: {
      subject: 'Activate your Vigil account',
      body: (name, link, hours) =>
        `Hello ${name},\n\nAn account has been created for you in Vigil. Open this link within ${hours} to confirm your e-mail and choose your password:\n\n${link}\n`,
    },
    es: {
      subject: 'Active su cuenta de Vigil',
      body: (name, link, hours) =>
        `Hola ${name}:\n\nSe ha creado una cuenta para usted en Vigil. Abra este enlace en un plazo de ${hours} para confirmar su correo y elegir su contraseña:\n\n${link}\n`,
    },
  },
  removal: {
    en: {
      subject: 'Your Vigil account removal request',
      body: (name, link, hours) =>
        `Hello ${name},\n\nYou asked to remove your Vigil account. Open this link within ${hours} to see what removal means and to confirm it:\n\n${link}\n\nIf you did not ask for this, you can ignore this e-mail.\n`,
    },
    es: {
      subject: 'Su solicitud de eliminación de la cuenta de Vigil',
      body: (name, link, hours) =>
        `Hola ${name}:\n\nSolicitó eliminar su cuenta de Vigil. Abra este enlace en un plazo de ${hours} para ver qué implica la eliminación y confirmarla:\n\n${link}\n\nSi no la solicitó, puede ignorar este correo.\n`,
    },
  },
};

function duration(minutes: number, lang: Lang): string {
  if (minutes % 60 !== 0 || minutes < 120) { return lang === 'en' ? `${minutes} minutes` : `${minutes} minutos`; }
  const hours = minutes / 60;
  return lang === 'en' ? `${hours} hours` : `${hours} horas`;
}

/**
 * The e-mail carrying a one-time link: password reset, account validation or profile removal, in
 * the recipient's language. The link holds the token; the e-mail is the only place it is written.
 */
export function linkEmail(kind: Kind, lang: Lang, to: { email: string; firstName: string }, link: string, validMinutes: number): MailMessage {
  const t = texts[kind][lang];
  return { to: to.email, subject: t.subject, text: t.body(to.firstName, link, duration(validMinutes, lang)) };
}
