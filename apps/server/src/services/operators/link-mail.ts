import { Language, type LinkPurpose } from '@venue-voice/domain';
import type { Mail } from '../mail';

interface Texts {
  subject: (company: string) => string;
  greeting: (name: string) => string;
  body: (company: string) => string;
  action: string;
  expiry: string;
  ignore: string;
}

/** The invitation's and the reset's words in the console's four languages. */
const TEXTS: Record<Language, Record<LinkPurpose, Texts>> = {
  'en-gb': {
    invite: {
      subject: (c) => `You are invited to the ${c} console`,
      greeting: (n) => (n ? `Hello ${n},` : 'Hello,'),
      body: (c) => `You have been invited to run ${c}'s venues in the Venue Voice console.`,
      action: 'Set your password',
      expiry: 'The link works once, for 24 hours.',
      ignore: 'If you were not expecting this, you can ignore this e-mail.',
    },
    reset: {
      subject: (c) => `Reset your ${c} console password`,
      greeting: (n) => (n ? `Hello ${n},` : 'Hello,'),
      body: () => 'Someone asked to reset the password of your Venue Voice console account.',
      action: 'Choose a new password',
      expiry: 'The link works once, for 24 hours. Your other sign-ins end when you use it.',
      ignore: 'If it was not you, ignore this e-mail: your password stays as it is.',
    },
  },
  de: {
    invite: {
      subject: (c) => `Einladung zur ${c}-Konsole`,
      greeting: (n) => (n ? `Hallo ${n},` : 'Hallo,'),
      body: (c) => `Sie wurden eingeladen, die Standorte von ${c} in der Venue-Voice-Konsole zu verwalten.`,
      action: 'Passwort festlegen',
      expiry: 'Der Link funktioniert einmal und 24 Stunden lang.',
      ignore: 'Wenn Sie diese E-Mail nicht erwartet haben, können Sie sie ignorieren.',
    },
    reset: {
      subject: (c) => `Passwort für die ${c}-Konsole zurücksetzen`,
      greeting: (n) => (n ? `Hallo ${n},` : 'Hallo,'),
      body: () => 'Jemand hat verlangt, das Passwort Ihres Venue-Voice-Konsolenkontos zurückzusetzen.',
      action: 'Neues Passwort wählen',
      expiry:
        'Der Link funktioniert einmal und 24 Stunden lang. Ihre anderen Anmeldungen enden, wenn Sie ihn nutzen.',
      ignore: 'Wenn Sie das nicht waren, ignorieren Sie diese E-Mail: Ihr Passwort bleibt unverändert.',
    },
  },
  it: {
    invite: {
      subject: (c) => `Invito alla console di ${c}`,
      greeting: (n) => (n ? `Ciao ${n},` : 'Ciao,'),
      body: (c) => `Sei stato invitato a gestire i locali di ${c} nella console di Venue Voice.`,
      action: 'Imposta la password',
      expiry: 'Il link funziona una sola volta, per 24 ore.',
      ignore: 'Se non ti aspettavi questa e-mail, puoi ignorarla.',
    },
    reset: {
      subject: (c) => `Reimposta la password della console di ${c}`,
      greeting: (n) => (n ? `Ciao ${n},` : 'Ciao,'),
      body: () => 'È stato chiesto di reimpostare la password del tuo account della console di Venue Voice.',
      action: 'Scegli una nuova password',
      expiry: 'Il link funziona una sola volta, per 24 ore. Gli altri accessi terminano quando lo usi.',
      ignore: 'Se non sei stato tu, ignora questa e-mail: la password resta invariata.',
    },
  },
  es: {
    invite: {
      subject: (c) => `Invitación a la consola de ${c}`,
      greeting: (n) => (n ? `Hola, ${n}:` : 'Hola:'),
      body: (c) => `Te han invitado a gestionar los locales de ${c} en la consola de Venue Voice.`,
      action: 'Establecer la contraseña',
      expiry: 'El enlace funciona una sola vez, durante 24 horas.',
      ignore: 'Si no esperabas este correo, puedes ignorarlo.',
    },
    reset: {
      subject: (c) => `Restablece la contraseña de la consola de ${c}`,
      greeting: (n) => (n ? `Hola, ${n}:` : 'Hola:'),
      body: () => 'Alguien ha pedido restablecer la contraseña de tu cuenta de la consola de Venue Voice.',
      action: 'Elegir una contraseña nueva',
      expiry: 'El enlace funciona una sola vez, durante 24 horas. Tus otras sesiones terminan al usarlo.',
      ignore: 'Si no has sido tú, ignora este correo: tu contraseña no cambia.',
    },
  },
};

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);

/** The operator's language when it is one of the four, else English. */
const languageOf = (language: string): Language =>
  (Language as readonly string[]).includes(language) ? (language as Language) : 'en-gb';

/**
 * The invitation or reset mail of a one-time link, in the operator's language: plain text and HTML with
 * the same words. Names come from people, so the HTML escapes them.
 */
export function linkMail(input: {
  purpose: LinkPurpose;
  language: string;
  to: string;
  name: string;
  companyName: string;
  url: string;
}): Mail {
  const t = TEXTS[languageOf(input.language)][input.purpose];
  const { name, companyName: company, url } = input;
  const text = [
    t.greeting(name),
    '',
    t.body(company),
    '',
    `${t.action}: ${url}`,
    '',
    t.expiry,
    t.ignore,
    '',
  ].join('\n');
  const html = [
    '<!doctype html>',
    `<html><body style="font-family: system-ui, sans-serif; line-height: 1.5">`,
    `<p>${escapeHtml(t.greeting(name))}</p>`,
    `<p>${escapeHtml(t.body(company))}</p>`,
    `<p><a href="${escapeHtml(url)}">${escapeHtml(t.action)}</a></p>`,
    `<p>${escapeHtml(t.expiry)}<br>${escapeHtml(t.ignore)}</p>`,
    '</body></html>',
  ].join('\n');
  return { to: input.to, subject: t.subject(company), text, html };
}
