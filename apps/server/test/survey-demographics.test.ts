import { DRAFT_REVISION_HEADER, type SurveyDocument, surveyDocumentSchema } from '@venue-voice/domain';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { responses, surveys } from '../src/db/schema';
import { publishedDocument } from '../src/services/survey-versions';
import { databases } from './databases';
import { call, type Harness, startHarness, web } from './harness';
import { addConsoleOperators, addForeignCompany } from './security/tenants';
import { create, createPayload } from './submit-fixtures';
import { CONSOLE, type ConsoleHeaders, sessionHeaders } from './support/console';

/**
 * Issue 31 items 1–2 (decision 0261): a survey's own demographic fields, translated like its other
 * texts, served to a guest in their language and checked on the create against the version answered.
 */
describe.each(databases())('survey demographics on $name', (target) => {
  let h: Harness;
  let owner: ConsoleHeaders;
  beforeAll(async () => {
    h = await startHarness(target, { prepare: addForeignCompany });
    owner = await sessionHeaders(h.database.db, (await addConsoleOperators(h.database)).owner);
  });
  afterAll(async () => {
    await h?.close();
  });

  const bistro = async (): Promise<SurveyDocument> => {
    const [row] = await h.database.db.select().from(surveys).where(eq(surveys.id, 1));
    if (!row) throw new Error('no demo-bistro');
    return publishedDocument(row);
  };
  /** A change of demo-bistro's draft as the console sends it: based on the revision of now (O15.52). */
  const send = async (method: 'PUT' | 'POST', url: string, payload: unknown) => {
    const now = await call(h.app, { method: 'GET', url: `${CONSOLE}/surveys/1/document`, headers: owner });
    return call(h.app, {
      method,
      url: `${CONSOLE}${url}`,
      headers: { ...owner, [DRAFT_REVISION_HEADER]: now.body.data.revision },
      payload: payload as object,
    });
  };
  const config = (language: string) =>
    call(h.app, {
      method: 'GET',
      url: '/api/v1/survey/config?edge=surveys,demographics',
      headers: web('demo-bistro', { 'x-language': language }),
    });
  const responseCount = async () => (await h.database.db.select({ n: count() }).from(responses))[0]?.n;

  it("O15.23 O15.34 a German guest's config carries the survey's German labels, options and marketing permission; an English one English", async () => {
    const german = await config('de');
    expect(german.status).toBe(200);
    const [survey] = german.body.data.surveys;
    expect(survey.templateLocale).toBe('de');
    const labels = survey.demographics.fields.map((f: { label: string }) => f.label);
    expect(labels).toEqual([
      'Geschlecht',
      'Alter',
      'Anlass des Besuchs',
      'Wie oft besuchen Sie uns?',
      'Postleitzahl',
    ]);
    expect(survey.demographics.fields[0].options.map((o: { value: string }) => o.value)).toEqual([
      'Weiblich',
      'Männlich',
      'Nicht-binär',
      'Keine Angabe',
    ]);
    // The data-capture step's marketing permission too: the survey's own, in German.
    expect(survey.dataCapture.marketingPermissionText).toBe(
      'Ich möchte über Angebote und Veranstaltungen der Demo Hospitality Group informiert werden.',
    );
    // The company's own section is still served (tablets and surveys without fields of their own).
    expect(german.body.data.demographics.fields[0].label).toBe('Gender');
    const english = await config('en-gb');
    expect(english.body.data.surveys[0].demographics.fields[0].label).toBe('Gender');
  });

  it('O15.39 a create answering a dropdown with a value none of its options has is refused 400 10025, nothing stored', async () => {
    const before = await responseCount();
    const refused = await create(h.app, createPayload({ demographics: [{ id: 1, value: 'Robot' }] }));
    expect([refused.status, refused.body.error.code]).toEqual([400, 10025]);
    expect(refused.body.error.detail.fields).toEqual([
      { field: 'payload.demographics.0.value', in: 'body', message: 'form.notInSurvey' },
    ]);
    const unknown = await create(h.app, createPayload({ demographics: [{ id: 9, value: 'x' }] }));
    expect(unknown.body.error.detail.fields).toEqual([
      { field: 'payload.demographics.0.id', in: 'body', message: 'form.notInSurvey' },
    ]);
    expect(await responseCount()).toBe(before);
    // A German guest's answer is the German option's text; the postcode is a text field.
    const german = createPayload({
      demographics: [
        { id: 1, value: 'Weiblich' },
        { id: 5, value: 'N1 9GU' },
      ],
    });
    const stored = await create(h.app, german, web('demo-bistro', { 'x-language': 'de' }));
    expect(stored.status, JSON.stringify(stored.body)).toBe(200);
  });

  it('O15.24 a publish is refused while a language lacks a demographic text; once translated it publishes', async () => {
    const current = await bistro();
    const { 'demographics.3.options.2': _gone, ...italian } = current.translations.it ?? {};
    const lacking = { ...current, translations: { ...current.translations, it: italian } };
    const saved = await send('PUT', '/surveys/1/draft', lacking);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data.faults).toEqual([
      { path: 'translations.it', key: 'editor.missingTexts', params: { language: 'it', count: 1 } },
    ]);
    const refused = await send('POST', '/surveys/1/publish', {});
    expect([refused.status, refused.body.error.code]).toEqual([400, 10025]);
    expect(refused.body.error.detail.fields.map((f: { field: string }) => f.field)).toEqual([
      'translations.it',
    ]);

    // Translated: it publishes, and a guest who started on version 1 keeps version 1's fields.
    const renamed = {
      ...current,
      survey: {
        ...current.survey,
        demographics: {
          fields: [
            {
              id: 6,
              type: 3,
              label: 'Occasion',
              fieldType: 'select',
              required: true,
              options: [{ id: 1, value: 'Birthday' }],
            },
          ],
        },
      },
      translations: Object.fromEntries(
        Object.entries(current.translations).map(([lang, texts]) => [
          lang,
          {
            ...Object.fromEntries(
              Object.entries(texts ?? {}).filter(([key]) => !key.startsWith('demographics.')),
            ),
            'demographics.6.label': `${lang} Occasion`,
            'demographics.6.options.1': `${lang} Birthday`,
          },
        ]),
      ),
    };
    expect(surveyDocumentSchema.safeParse(renamed).success).toBe(true);
    expect((await send('PUT', '/surveys/1/draft', renamed)).body.data.faults).toEqual([]);
    const published = await send('POST', '/surveys/1/publish', {});
    expect(published.body.data).toEqual({ version: 2, revision: '2.0' });
    const v1 = await create(
      h.app,
      createPayload({ surveyVersion: 1, demographics: [{ id: 1, value: 'Female' }] }),
    );
    expect(v1.status, JSON.stringify(v1.body)).toBe(200);
    const v2 = await create(
      h.app,
      createPayload({ surveyVersion: 2, demographics: [{ id: 1, value: 'Female' }] }),
    );
    expect(v2.body.error.detail.fields).toEqual([
      { field: 'payload.demographics.0.id', in: 'body', message: 'form.notInSurvey' },
    ]);
    const it2 = await create(
      h.app,
      createPayload({ surveyVersion: 2, demographics: [{ id: 6, value: 'it Birthday' }] }),
    );
    expect(it2.status, JSON.stringify(it2.body)).toBe(200);
  });
});
