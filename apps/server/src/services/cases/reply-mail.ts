import { Language } from '@venue-voice/domain';
import type { Mail } from '../mail';

interface Texts {
  subject: (venue: string) => string;
  greeting: (name: string) => string;
  why: (venue: string) => string;
}

/** The words around the manager's own, in the guest's language (the survey's language they answered in). */
const TEXTS: Record<Language, Texts> = {
  'en-gb': {
    subject: (v) => `Your feedback about ${v}`,
    greeting: (n) => (n ? `Dear ${n},` : 'Hello,'),
    why: (v) => `You are receiving this e-mail because you asked ${v} to contact you about your feedback.`,
  },
  de: {
    subject: (v) => `Ihr Feedback zu ${v}`,
    greeting: (n) => (n ? `Guten Tag ${n},` : 'Guten Tag,'),
    why: (v) =>
      `Sie erhalten diese E-Mail, weil Sie ${v} gebeten haben, Sie zu Ihrem Feedback zu kontaktieren.`,
  },
  es: {
    subject: (v) => `Su opinión sobre ${v}`,
    greeting: (n) => (n ? `Hola, ${n}:` : 'Hola:'),
    why: (v) => `Recibe este correo porque pidió a ${v} que le contactara sobre su opinión.`,
  },
  it: {
    subject: (v) => `Il tuo feedback su ${v}`,
    greeting: (n) => (n ? `Gentile ${n},` : 'Buongiorno,'),
    why: (v) => `Ricevi questa e-mail perché hai chiesto a ${v} di contattarti riguardo al tuo feedback.`,
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

const languageOf = (language: string | null): Language =>
  (Language as readonly string[]).includes(language ?? '') ? (language as Language) : 'en-gb';

/** The default subject of a reply (the console shows it as the subject field's placeholder). */
export const defaultReplySubject = (language: string | null, venue: string): string =>
  TEXTS[languageOf(language)].subject(venue);

/**
 * A manager's reply to a guest: greeting by the name the guest gave, the manager's words as written
 * (paragraphs kept), signed with the manager's name and the venue, and why the guest gets it. From the
 * venue's name, answers to the manager. Plain text and HTML with the same words; the HTML escapes all.
 */
export function replyMail(input: {
  to: string;
  guestName: string | null;
  language: string | null;
  venue: string;
  subject: string;
  body: string;
  signedBy: string;
  replyTo: string;
}): Mail {
  const t = TEXTS[languageOf(input.language)];
  const greeting = t.greeting(input.guestName?.trim() ?? '');
  const text = [
    greeting,
    '',
    input.body,
    '',
    input.signedBy,
    input.venue,
    '',
    '--',
    t.why(input.venue),
    '',
  ].join('\n');
  const paragraphs = input.body.split(/\n{2,}/).map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`);
  const html = [
    '<!doctype html>',
    '<html><body style="font-family: system-ui, sans-serif; line-height: 1.5">',
    `<p>${escapeHtml(greeting)}</p>`,
    ...paragraphs,
    `<p>${escapeHtml(input.signedBy)}<br>${escapeHtml(input.venue)}</p>`,
    `<p style="color: #555; font-size: 0.875em">${escapeHtml(t.why(input.venue))}</p>`,
    '</body></html>',
  ].join('\n');
  return {
    to: input.to,
    subject: input.subject,
    text,
    html,
    fromName: input.venue,
    replyTo: input.replyTo,
  };
}
