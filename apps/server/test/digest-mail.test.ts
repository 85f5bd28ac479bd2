import { digestPeriod } from '@venue-voice/domain';
import { describe, expect, it } from 'vitest';
import type { DigestContent } from '../src/services/digests';
import { digestMail } from '../src/services/digests';

const figures = (responses: number, nps: number | null, csat: number | null) => ({
  responses,
  nps,
  npsCount: nps === null ? 0 : responses,
  csat,
  csatCount: csat === null ? 0 : responses,
});

const dishRow = (name: string, good: number, bad: number) => ({
  ref: name,
  name,
  family: null,
  major: null,
  ratings: 10,
  bad: bad / 10,
  neutral: 0,
  good: good / 10,
  shares: { good, neutral: 100 - good - bad, bad },
  lowSample: false,
  reasons: [],
});

/** A week of a branch named with markup, to see the HTML escape what people typed. */
const content: DigestContent = {
  period: digestPeriod('weekly', '2026-11-30'),
  previous: { from: '2026-11-16', to: '2026-11-22' },
  now: figures(312, 41, 78.5),
  before: figures(290, 38, 80),
  branches: [],
  best: [dishRow('Schnitzel <b>XL</b>', 90, 0)],
  worst: [dishRow('Suppe', 20, 70)],
  thanked: [],
  cases: [{ branchId: 1, branchName: 'Mitte & Co', open: 1, oldestDays: 1 }],
};

describe('the digest mail', () => {
  it('is worded in the operator’s language, with the issue’s subject', () => {
    const mail = digestMail({
      content,
      language: 'de',
      to: 'a@b.test',
      companyName: 'Haus',
      origin: 'https://x.test',
    });
    expect(mail.subject).toBe('Venue Voice — KW 48: 312 Antworten, NPS 41 (+3)');
    expect(mail.text).toContain('Ihre Woche bei Haus');
    expect(mail.text).toMatch(/CSAT\s+78,5\s+80,0\s+−1,5\n/);
    expect(mail.text).toContain('Kein Gast hat einen Mitarbeiter genannt.');
    expect(mail.text).toMatch(/Mitte & Co\s+1\s+1 Tag\n/);
    expect(mail.html).toContain('<html lang="de">');
  });

  it.each([
    ['en-gb', 'Venue Voice — week 48: 312 responses, NPS 41 (+3)'],
    ['it', 'Venue Voice — settimana 48: 312 risposte, NPS 41 (+3)'],
    ['es', 'Venue Voice — semana 48: 312 respuestas, NPS 41 (+3)'],
    ['fr', 'Venue Voice — week 48: 312 responses, NPS 41 (+3)'],
  ])('%s: %s', (language, subject) => {
    expect(
      digestMail({ content, language, to: 'a@b.test', companyName: 'C', origin: 'https://x.test' }).subject,
    ).toBe(subject);
  });

  it('escapes what people typed in the HTML, and keeps it as typed in the text', () => {
    const mail = digestMail({
      content,
      language: 'en-gb',
      to: 'a@b.test',
      companyName: '<Bar & Grill>',
      origin: 'https://x.test',
    });
    expect(mail.html).toContain('Schnitzel &lt;b&gt;XL&lt;/b&gt;');
    expect(mail.html).toContain('Your week at &lt;Bar &amp; Grill&gt;');
    expect(mail.html).not.toContain('<b>XL');
    expect(mail.text).toContain('Schnitzel <b>XL</b>');
  });

  it('does not call the only dish rated enough times the worst', () => {
    const one = { ...content, worst: [] };
    const mail = digestMail({
      content: one,
      language: 'en-gb',
      to: 'a@b.test',
      companyName: 'C',
      origin: 'https://x.test',
    });
    expect(mail.text).toMatch(/Dishes to look at\n-+\nNo other dish was rated 5 times or more\./);
  });
});
