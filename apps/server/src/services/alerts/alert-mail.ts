import { type AlertKind, Language, uploadedLate } from '@venue-voice/domain';
import type { Mail } from '../mail';

/** What one alert mail says: the rule, where and when, the scores and the guest's words, and where to act. */
export interface AlertMailFacts {
  to: string;
  /** The operator's language (operators.language); another than the four reads English. */
  language: string;
  recipientName: string;
  companyName: string;
  ruleName: string;
  ruleKind: AlertKind;
  /** The words rule's words; an indicator rule's indicator name and score. */
  words: string[];
  indicatorRule: { name: string; maxScore: number } | null;
  branchName: string;
  surveyName: string;
  /** The venue's wall clock of the visit (`YYYY-MM-DD HH:mm:ss`), as the guest or tablet gave it. */
  visit: string;
  /** When the server stored it, on the venue's wall clock (the branch's time zone). */
  stored: string;
  fromTablet: boolean;
  complaint: boolean;
  npsScore: number | null;
  csatScore: number | null;
  indicators: { name: string; score: number; max: number | null }[];
  /** Everything the guest wrote, one text a line. */
  text: string;
  responseUrl: string;
  caseUrl: string | null;
}

interface Texts {
  subject: (rule: string, branch: string) => string;
  greeting: (name: string) => string;
  intro: (branch: string, rule: string) => string;
  kind: Record<AlertKind, (f: AlertMailFacts) => string>;
  visit: string;
  uploaded: string;
  received: string;
  survey: string;
  complaint: string;
  yes: string;
  scores: string;
  comments: string;
  noComment: string;
  openResponse: string;
  openCase: string;
  why: (company: string) => string;
}

const list = (words: string[]) => words.join(', ');

/** The alert's words in the console's four languages. */
const TEXTS: Record<Language, Texts> = {
  'en-gb': {
    subject: (r, b) => `Alert: ${r} at ${b}`,
    greeting: (n) => (n ? `Hello ${n},` : 'Hello,'),
    intro: (b, r) => `A guest's response at ${b} matched your alert rule "${r}".`,
    kind: {
      complaint: () => 'The guest raised a complaint.',
      indicator: (f) =>
        `${f.indicatorRule?.name ?? 'An indicator'} was rated ${f.indicatorRule?.maxScore ?? ''} or lower.`,
      detractor: () => 'The guest is an NPS detractor (0–6).',
      words: (f) => `The guest wrote one of: ${list(f.words)}.`,
    },
    visit: 'Visit (venue time)',
    uploaded: 'Uploaded late from a tablet at (venue time)',
    received: 'Received later, at (venue time)',
    survey: 'Survey',
    complaint: 'Complaint',
    yes: 'yes',
    scores: 'Scores',
    comments: 'What the guest wrote',
    noComment: '(no comment)',
    openResponse: 'Open the response',
    openCase: 'Open the case',
    why: (c) =>
      `You get this e-mail because an alert rule of ${c} names you. Rules are under Alerts in the console.`,
  },
  de: {
    subject: (r, b) => `Hinweis: ${r} – ${b}`,
    greeting: (n) => (n ? `Hallo ${n},` : 'Hallo,'),
    intro: (b, r) => `Eine Gästeantwort in ${b} entspricht Ihrer Hinweisregel „${r}“.`,
    kind: {
      complaint: () => 'Der Gast hat sich beschwert.',
      indicator: (f) =>
        `${f.indicatorRule?.name ?? 'Ein Indikator'} wurde mit ${f.indicatorRule?.maxScore ?? ''} oder weniger bewertet.`,
      detractor: () => 'Der Gast ist ein NPS-Kritiker (0–6).',
      words: (f) => `Der Gast schrieb eines dieser Wörter: ${list(f.words)}.`,
    },
    visit: 'Besuch (Ortszeit)',
    uploaded: 'Später vom Tablet hochgeladen um (Ortszeit)',
    received: 'Später eingegangen um (Ortszeit)',
    survey: 'Umfrage',
    complaint: 'Beschwerde',
    yes: 'ja',
    scores: 'Bewertungen',
    comments: 'Was der Gast schrieb',
    noComment: '(kein Kommentar)',
    openResponse: 'Antwort öffnen',
    openCase: 'Fall öffnen',
    why: (c) =>
      `Sie erhalten diese E-Mail, weil eine Hinweisregel von ${c} Sie nennt. Die Regeln finden Sie in der Konsole unter Hinweise.`,
  },
  it: {
    subject: (r, b) => `Avviso: ${r} – ${b}`,
    greeting: (n) => (n ? `Ciao ${n},` : 'Ciao,'),
    intro: (b, r) => `Una risposta di un ospite a ${b} corrisponde alla tua regola di avviso "${r}".`,
    kind: {
      complaint: () => "L'ospite ha presentato un reclamo.",
      indicator: (f) =>
        `${f.indicatorRule?.name ?? 'Un indicatore'} ha ricevuto ${f.indicatorRule?.maxScore ?? ''} o meno.`,
      detractor: () => "L'ospite è un detrattore NPS (0–6).",
      words: (f) => `L'ospite ha scritto una di queste parole: ${list(f.words)}.`,
    },
    visit: 'Visita (ora locale)',
    uploaded: 'Caricata in ritardo da un tablet alle (ora locale)',
    received: 'Ricevuta più tardi, alle (ora locale)',
    survey: 'Sondaggio',
    complaint: 'Reclamo',
    yes: 'sì',
    scores: 'Punteggi',
    comments: "Cosa ha scritto l'ospite",
    noComment: '(nessun commento)',
    openResponse: 'Apri la risposta',
    openCase: 'Apri il caso',
    why: (c) =>
      `Ricevi questa e-mail perché una regola di avviso di ${c} ti indica. Le regole sono in Avvisi nella console.`,
  },
  es: {
    subject: (r, b) => `Alerta: ${r} en ${b}`,
    greeting: (n) => (n ? `Hola, ${n}:` : 'Hola:'),
    intro: (b, r) => `Una respuesta de un cliente en ${b} coincide con tu regla de alerta «${r}».`,
    kind: {
      complaint: () => 'El cliente ha presentado una queja.',
      indicator: (f) =>
        `${f.indicatorRule?.name ?? 'Un indicador'} recibió ${f.indicatorRule?.maxScore ?? ''} o menos.`,
      detractor: () => 'El cliente es un detractor NPS (0–6).',
      words: (f) => `El cliente escribió una de estas palabras: ${list(f.words)}.`,
    },
    visit: 'Visita (hora local)',
    uploaded: 'Subida más tarde desde una tableta a las (hora local)',
    received: 'Recibida más tarde, a las (hora local)',
    survey: 'Encuesta',
    complaint: 'Queja',
    yes: 'sí',
    scores: 'Puntuaciones',
    comments: 'Lo que escribió el cliente',
    noComment: '(sin comentario)',
    openResponse: 'Abrir la respuesta',
    openCase: 'Abrir el caso',
    why: (c) =>
      `Recibes este correo porque una regla de alerta de ${c} te incluye. Las reglas están en Alertas, en la consola.`,
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

const languageOf = (language: string): Language =>
  (Language as readonly string[]).includes(language) ? (language as Language) : 'en-gb';

/** `2026-11-27 20:05:13` → `2026-11-27 20:05`: minutes are what a manager reads. */
const minutes = (wallClock: string) => wallClock.slice(0, 16);

function scoreLines(f: AlertMailFacts): string[] {
  const lines: string[] = [];
  if (f.npsScore !== null) lines.push(`NPS: ${f.npsScore}/10`);
  if (f.csatScore !== null) lines.push(`CSAT: ${f.csatScore}%`);
  for (const i of f.indicators) lines.push(`${i.name}: ${i.score}${i.max !== null ? `/${i.max}` : ''}`);
  return lines;
}

/**
 * The alert e-mail in the recipient's language: plain text and HTML with the same content, readable
 * without images. The visit time is the venue's, always; a response stored well after its visit (a
 * tablet's queue uploaded later, O9.10) also says when it arrived, so nobody takes it for a new visit.
 * Everything from guests and operators is escaped in the HTML.
 */
export function alertMail(f: AlertMailFacts): Mail {
  const t = TEXTS[languageOf(f.language)];
  const late = uploadedLate(f.visit, f.stored);
  const facts: [string, string][] = [
    [t.visit, minutes(f.visit)],
    ...(late ? ([[f.fromTablet ? t.uploaded : t.received, minutes(f.stored)]] as [string, string][]) : []),
    [t.survey, f.surveyName],
    ...(f.complaint ? ([[t.complaint, t.yes]] as [string, string][]) : []),
  ];
  const scores = scoreLines(f);
  const comment = f.text.trim();
  const text = [
    t.greeting(f.recipientName),
    '',
    t.intro(f.branchName, f.ruleName),
    t.kind[f.ruleKind](f),
    '',
    ...facts.map(([label, value]) => `${label}: ${value}`),
    ...(scores.length ? ['', `${t.scores}:`, ...scores.map((s) => `  ${s}`)] : []),
    '',
    `${t.comments}:`,
    comment
      ? comment
          .split('\n')
          .map((line) => `  ${line}`)
          .join('\n')
      : `  ${t.noComment}`,
    '',
    `${t.openResponse}: ${f.responseUrl}`,
    ...(f.caseUrl ? [`${t.openCase}: ${f.caseUrl}`] : []),
    '',
    t.why(f.companyName),
    '',
  ].join('\n');
  const row = ([label, value]: [string, string]) =>
    `<tr><th align="left" style="padding-right:1em">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`;
  const html = [
    '<!doctype html>',
    `<html><body style="font-family: system-ui, sans-serif; line-height: 1.5">`,
    `<p>${escapeHtml(t.greeting(f.recipientName))}</p>`,
    `<p>${escapeHtml(t.intro(f.branchName, f.ruleName))}<br>${escapeHtml(t.kind[f.ruleKind](f))}</p>`,
    `<table>${facts.map(row).join('')}</table>`,
    ...(scores.length
      ? [
          `<p><strong>${escapeHtml(t.scores)}</strong></p><ul>${scores.map((s) => `<li>${escapeHtml(s)}</li>`).join('')}</ul>`,
        ]
      : []),
    `<p><strong>${escapeHtml(t.comments)}</strong></p>`,
    comment
      ? `<blockquote style="margin-left:0;padding-left:1em;border-left:3px solid #999">${escapeHtml(comment).replace(/\n/g, '<br>')}</blockquote>`
      : `<p>${escapeHtml(t.noComment)}</p>`,
    `<p><a href="${escapeHtml(f.responseUrl)}">${escapeHtml(t.openResponse)}</a>${
      f.caseUrl ? ` · <a href="${escapeHtml(f.caseUrl)}">${escapeHtml(t.openCase)}</a>` : ''
    }</p>`,
    `<p style="color:#555">${escapeHtml(t.why(f.companyName))}</p>`,
    '</body></html>',
  ].join('\n');
  return { to: f.to, subject: t.subject(f.ruleName, f.branchName), text, html };
}
