import { enoughResponses, figureChange, Language, type Period, signedChange } from '@venue-voice/domain';
import type { Mail } from '../mail';
import type { DigestContent } from './content';
import { DIGEST_TEXTS, type DigestTexts } from './texts';

/** A part of the digest: a title, a table (header and rows) or, when it has no rows, a sentence. */
interface Section {
  title: string;
  head: string[];
  rows: string[][];
  empty: string;
  note?: string | undefined;
}

interface Link {
  label: string;
  url: string;
}

const languageOf = (language: string): Language =>
  (Language as readonly string[]).includes(language) ? (language as Language) : 'en-gb';

const utcDay = (date: string) => new Date(`${date}T12:00:00Z`);

/** A period in words: "23–29 November 2026", or one day "Friday, 27 November 2026". */
function periodText(t: DigestTexts, period: Period): string {
  const format = new Intl.DateTimeFormat(t.locale, {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
    ...(period.from === period.to ? { weekday: 'long' } : {}),
  });
  return period.from === period.to
    ? format.format(utcDay(period.from))
    : format.formatRange(utcDay(period.from), utcDay(period.to));
}

function numbers(t: DigestTexts) {
  const whole = new Intl.NumberFormat(t.locale, { maximumFractionDigits: 0 });
  const mean = new Intl.NumberFormat(t.locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  const percent = new Intl.NumberFormat(t.locale, { style: 'percent', maximumFractionDigits: 1 });
  /** A figure as the dashboard says it: no answers, or (O5.5) the count beside one from fewer than 5. */
  const figure = (value: number | null, count: number, kind: 'nps' | 'mean') => {
    if (value === null || count === 0) return t.noAnswers;
    const text = kind === 'mean' ? mean.format(value) : whole.format(value);
    return enoughResponses(count) ? text : t.lowSample(text, count);
  };
  const amount = new Intl.NumberFormat(t.locale, { maximumFractionDigits: 1 });
  const change = (now: number | null, before: number | null) => {
    const value = figureChange(now, before);
    return value === null ? '—' : signedChange(value, (n) => amount.format(n));
  };
  return { whole, figure, change, share: (value: number | null) => percent.format((value ?? 0) / 100) };
}

/** The URL of a console screen for the digest's period (the report filters' address, `custom` days). */
const screenUrl = (origin: string, screen: string, period: Period) =>
  `${origin}/console/${screen}?period=custom&from=${period.from}&to=${period.to}`;

function sections(t: DigestTexts, content: DigestContent): Section[] {
  const n = numbers(t);
  const { now, before } = content;
  const kind = content.period.frequency;
  const dishRow = (d: DigestContent['best'][number]) => [
    d.name ?? d.ref ?? '—',
    n.whole.format(d.ratings),
    n.share(d.shares.good),
    n.share(d.shares.bad),
  ];
  const dishHead = [t.dish, t.ratings, t.good, t.bad];
  const list: Section[] = [
    {
      // The figures come right under the heading, untitled.
      title: '',
      head: [t.figure, t.thisPeriod[kind], t.periodBefore[kind], t.change],
      rows: [
        [
          t.responses,
          n.whole.format(now.responses),
          n.whole.format(before.responses),
          n.change(now.responses, before.responses),
        ],
        [
          t.nps,
          n.figure(now.nps, now.npsCount, 'nps'),
          n.figure(before.nps, before.npsCount, 'nps'),
          n.change(now.nps, before.nps),
        ],
        [
          t.csat,
          n.figure(now.csat, now.csatCount, 'mean'),
          n.figure(before.csat, before.csatCount, 'mean'),
          n.change(now.csat, before.csat),
        ],
      ],
      empty: '',
      note: enoughResponses(now.responses) ? undefined : t.fewResponses,
    },
  ];
  if (content.branches.length > 0) {
    list.push({
      title: t.branches,
      head: [t.branch, t.responses, t.nps, t.csat],
      rows: content.branches.map((b) => [
        b.name,
        `${n.whole.format(b.responses)} (${n.change(b.responses, b.previous.responses)})`,
        `${n.figure(b.nps, b.npsCount, 'nps')} (${n.change(b.nps, b.previous.nps)})`,
        `${n.figure(b.csat, b.csatCount, 'mean')} (${n.change(b.csat, b.previous.csat)})`,
      ]),
      empty: '',
    });
  }
  list.push(
    { title: t.bestDishes, head: dishHead, rows: content.best.map(dishRow), empty: t.noDishes },
    {
      title: t.worstDishes,
      head: dishHead,
      rows: content.worst.map(dishRow),
      empty: content.best.length > 0 ? t.noOtherDishes : t.noDishes,
    },
    {
      title: t.thanked,
      head: [t.member, t.named],
      rows: content.thanked.map((m) => [m.name ?? '—', n.whole.format(m.chosen)]),
      empty: t.noStaff,
    },
    {
      title: t.openCases,
      head: [t.branch, t.open, t.oldest],
      rows: content.cases.map((c) => [
        c.branchName ?? t.noBranch,
        n.whole.format(c.open),
        t.days(c.oldestDays),
      ]),
      empty: t.noCases,
    },
  );
  return list;
}

// Plain text: each table in padded columns (a monospaced reader lines them up; any reader can read them).
function textTable(head: string[], rows: string[][]): string[] {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (i === cells.length - 1 ? c : c.padEnd(widths[i] ?? 0)))
      .join('  ')
      .trimEnd();
  return [line(head), ...rows.map(line)];
}

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
const esc = (text: string) => text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);

// Inline styles only (many clients drop <style>), no images, tables for layout: read alike everywhere.
const CELL = 'padding:6px 10px;border-bottom:1px solid #dddddd;text-align:left;vertical-align:top';
const HEAD = `${CELL};font-weight:bold;background:#f3f4f6`;

function htmlSection(section: Section): string {
  const title = section.title
    ? `<h2 style="font-size:17px;margin:24px 0 8px">${esc(section.title)}</h2>`
    : '';
  const note = section.note ? `<p style="margin:8px 0;color:#8a4b00">${esc(section.note)}</p>` : '';
  if (section.rows.length === 0) return `${title}<p style="margin:8px 0">${esc(section.empty)}</p>`;
  const head = section.head.map((h) => `<th scope="col" style="${HEAD}">${esc(h)}</th>`).join('');
  const rows = section.rows
    .map(
      (r) =>
        `<tr>${r.map((c, i) => (i === 0 ? `<th scope="row" style="${CELL};font-weight:normal">${esc(c)}</th>` : `<td style="${CELL}">${esc(c)}</td>`)).join('')}</tr>`,
    )
    .join('\n');
  return `${title}<table cellpadding="0" cellspacing="0" style="border-collapse:collapse;width:100%;max-width:640px;font-size:15px">
<thead><tr>${head}</tr></thead>
<tbody>
${rows}
</tbody></table>${note}`;
}

export interface DigestMailInput {
  content: DigestContent;
  language: string;
  to: string;
  companyName: string;
  /** The site's origin for the console links (PUBLIC_URL, else the server's own address). */
  origin: string;
}

/** The subject: "Venue Voice — week 48: 312 responses, NPS 41 (+3)"; NPS only from 5 answers (O5.5). */
function subjectOf(t: DigestTexts, content: DigestContent): string {
  const { period, now, before } = content;
  const when =
    period.frequency === 'weekly'
      ? t.weekLabel(Number(period.key.slice(6)))
      : new Intl.DateTimeFormat(t.locale, { day: 'numeric', month: 'long', timeZone: 'UTC' }).format(
          utcDay(period.from),
        );
  let subject = `Venue Voice — ${when}: ${t.responsesCount(now.responses)}`;
  if (now.nps !== null && enoughResponses(now.npsCount)) {
    const change = figureChange(now.nps, before.nps);
    subject += `, NPS ${now.nps}${change === null ? '' : ` (${signedChange(change)})`}`;
  }
  return subject;
}

/**
 * The digest mail, in the operator's language (English when it is none of the four): the same words as
 * plain text and as HTML, links to the console's dashboard, dishes and team screens for the period.
 */
export function digestMail(input: DigestMailInput): Mail {
  const t = DIGEST_TEXTS[languageOf(input.language)];
  const { content, origin } = input;
  const kind = content.period.frequency;
  const heading = t.heading[kind](input.companyName);
  const intro = t.against(periodText(t, content.period), periodText(t, content.previous));
  const parts = sections(t, content);
  const links: Link[] = [
    { label: t.dashboard, url: screenUrl(origin, 'dashboard', content.period) },
    { label: t.dishesLink, url: screenUrl(origin, 'dishes', content.period) },
    { label: t.teamLink, url: screenUrl(origin, 'team', content.period) },
  ];
  const profile = `${origin}/console/profile`;

  const text = [
    heading,
    intro,
    '',
    ...parts.flatMap((s) => [
      ...(s.title ? [s.title, '-'.repeat(s.title.length)] : []),
      ...(s.rows.length === 0 ? [s.empty] : textTable(s.head, s.rows)),
      ...(s.note ? [s.note] : []),
      '',
    ]),
    ...links.map((l) => `${l.label}: ${l.url}`),
    '',
    t.footer[kind],
    `${t.changeIt}: ${profile}`,
    '',
  ].join('\n');

  const lang = t.locale;
  const html = [
    '<!doctype html>',
    `<html lang="${esc(lang)}"><head><meta charset="utf-8"><title>${esc(heading)}</title></head>`,
    '<body style="margin:0;padding:16px;font-family:Arial,Helvetica,sans-serif;color:#1f2933;line-height:1.5;background:#ffffff">',
    `<h1 style="font-size:22px;margin:0 0 4px">${esc(heading)}</h1>`,
    `<p style="margin:0 0 8px;color:#52606d">${esc(intro)}</p>`,
    ...parts.map(htmlSection),
    `<p style="margin:24px 0 8px">${links
      .map((l) => `<a href="${esc(l.url)}" style="color:#1c4ed8">${esc(l.label)}</a>`)
      .join(' · ')}</p>`,
    `<p style="margin:24px 0 0;font-size:13px;color:#52606d">${esc(t.footer[kind])} <a href="${esc(profile)}" style="color:#1c4ed8">${esc(t.changeIt)}</a>.</p>`,
    '</body></html>',
  ].join('\n');
  return { to: input.to, subject: subjectOf(t, content), text, html };
}
