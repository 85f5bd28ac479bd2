import {
  Language,
  localizedSurvey,
  missingTexts,
  publishFaults,
  type SurveyDocument,
  textEntries,
} from '@venue-voice/domain';
import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/connection';
import { surveys, surveyVersions } from '../src/db/schema';
import { DEMO_SURVEYS } from '../src/db/seed/demo-surveys';
import { publishedDocument } from '../src/services/survey-versions/documents';
import { databases } from './databases';

/** What a document lacks in each language it is offered in, and what it holds that no text asks for. */
function gaps(doc: SurveyDocument) {
  const keys = new Set(textEntries(doc).map((e) => e.key));
  return Object.fromEntries(
    doc.languages.map((lang) => [
      lang,
      {
        missing: missingTexts(doc, lang),
        stray: Object.keys(doc.translations[lang] ?? {}).filter((key) => !keys.has(key)),
      },
    ]),
  );
}

const none = Object.fromEntries(Language.map((lang) => [lang, { missing: [], stray: [] }]));

describe('the demo surveys in four languages (issue 31 item 2)', () => {
  it.each(DEMO_SURVEYS.map((s) => [s.slug, s] as const))(
    'O15.22 O15.24 %s has every text in en-gb, de, it and es and nothing stray; it publishes',
    (_slug, s) => {
      const doc = s.document;
      expect([...doc.languages].sort()).toEqual([...Language].sort());
      expect(gaps(doc)).toEqual(none);
      expect(publishFaults(doc)).toEqual([]);
    },
  );
});

describe('the demo surveys’ own demographic fields (decision 0261)', () => {
  it.each(DEMO_SURVEYS.map((s) => [s.slug, s] as const))(
    'O15.23 O15.34 %s asks its own five fields, each label and option its own text in de, it and es',
    (_slug, s) => {
      const own = s.document.survey.demographics?.fields ?? [];
      expect(own.map((f) => f.type)).toEqual([1, 2, 3, 4, 5]);
      const english = own.map((f) => f.label);
      for (const lang of ['de', 'it', 'es'] as const) {
        const fields = localizedSurvey(s.document, lang)?.survey.demographics?.fields ?? [];
        const labels = fields.map((f) => f.label);
        // Every label is that language's own word (none left in English), and the options follow.
        expect(labels.filter((label, i) => label === english[i])).toEqual([]);
        expect(fields[0]?.options.map((o) => o.value)).not.toEqual(own[0]?.options.map((o) => o.value));
      }
      expect(localizedSurvey(s.document, 'de')?.survey.demographics?.fields.map((f) => f.label)).toEqual([
        'Geschlecht',
        'Alter',
        'Anlass des Besuchs',
        'Wie oft besuchen Sie uns?',
        'Postleitzahl',
      ]);
    },
  );
});

describe('the seeded demo surveys (survey row and version 1)', () => {
  let database: Database;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    const pglite = databases().find((target) => target.name === 'pglite');
    if (!pglite) throw new Error('no PGlite test database');
    ({ database, drop } = await pglite.create());
  }, 120_000);
  afterAll(async () => {
    await drop?.();
  });

  it('O15.23 each survey row and its version-1 document offer all four languages with every text', async () => {
    const rows = await database.db.select().from(surveys).orderBy(asc(surveys.id));
    const versions = await database.db.select().from(surveyVersions).orderBy(asc(surveyVersions.surveyId));
    expect(rows.map((r) => r.id)).toEqual(DEMO_SURVEYS.map((s) => s.id));
    for (const row of rows) {
      const published = publishedDocument(row);
      expect(published.languages).toEqual(['en-gb', 'de', 'it', 'es']);
      expect(gaps(published)).toEqual(none);
      const version = versions.find((v) => v.surveyId === row.id && v.version === 1);
      const document = version?.document as SurveyDocument;
      expect(document.languages).toEqual(['en-gb', 'de', 'it', 'es']);
      expect(document.translations).toEqual(row.translations);
      expect(gaps(document)).toEqual(none);
    }
  });
});
