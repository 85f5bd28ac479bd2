import { type SurveyDocument, textEntries } from '@venue-voice/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies, responses, surveys } from '../src/db/schema';
import { CLI_ACTOR } from '../src/services/audit/record';
import { publishedDocument, publishVersion } from '../src/services/survey-versions';
import { databases } from './databases';
import { call, type Harness, startHarness, web } from './harness';
import { create, createPayload } from './submit-fixtures';

const bistroRow = async (h: Harness) => {
  const [found] = await h.database.db.select().from(surveys).where(eq(surveys.id, 1));
  if (!found) throw new Error('no demo-bistro');
  return found;
};

/** demo-bistro's current document with question 102 (101's follow-up) taken out. */
const withoutQuestion102 = (current: SurveyDocument): SurveyDocument => ({
  ...current,
  questions: current.questions
    .filter((q) => q.id !== 102)
    .map((q) => (q.id === 101 ? { ...q, followUpQuestions: [] } : q)),
});

/** The same document offered in German too, every text given. */
const withGerman = (current: SurveyDocument): SurveyDocument => ({
  ...current,
  languages: ['en-gb', 'de'],
  translations: {
    de: Object.fromEntries(textEntries(current).map(({ key, text }) => [key, `[de] ${text}`])),
  },
});

const storedVersion = async (h: Harness, id: number) => {
  const [row] = await h.database.db
    .select({ surveyVersion: responses.surveyVersion })
    .from(responses)
    .where(eq(responses.id, id));
  return row?.surveyVersion;
};

/**
 * Issue 31 items 2 and 5 (decisions 0254, 0256): a guest keeps the version they started on; each
 * response records it; survey.config serves the version, in the guest's language only when it has
 * every text (O15.23).
 */
describe.each(databases())('survey versions on the guest side on $name', (target) => {
  let h: Harness;
  const config = (headers: Record<string, string> = web()) =>
    call(h.app, { method: 'GET', url: '/api/v1/survey/config?edge=surveys,questions', headers });

  beforeAll(async () => {
    h = await startHarness(target);
  });
  afterAll(async () => {
    await h?.close();
  });

  it('survey.config serves the survey with its version; a create without one is stored as the current', async () => {
    const answer = await config();
    expect(answer.body.data.surveys[0].version).toBe(1);
    const created = await create(h.app, createPayload());
    expect(created.status).toBe(200);
    expect(await storedVersion(h, created.body.data.id)).toBe(1);
  });

  it('a create naming version 1 after version 2 was published is checked against version 1 and stored with it', async () => {
    const current = publishedDocument(await bistroRow(h));
    await expect(
      publishVersion(h.database.db, {
        companyId: 1,
        surveyId: 1,
        document: withoutQuestion102(current),
        actor: CLI_ACTOR,
      }),
    ).resolves.toEqual({ version: 2 });
    expect((await config()).body.data.surveys[0].version).toBe(2);
    expect((await config()).body.data.questions.map((q: { id: number }) => q.id)).not.toContain(102);

    // The guest who started on version 1 answered question 102, which version 2 no longer has.
    const started = createPayload({ surveyVersion: 1 });
    expect(started.answers.questions.map((q) => q.id)).toEqual([102]);
    const accepted = await create(h.app, started);
    expect(accepted.status).toBe(200);
    expect(await storedVersion(h, accepted.body.data.id)).toBe(1);

    // The same answers against version 2 (named, or by default the current) do not fit it.
    for (const payload of [createPayload({ surveyVersion: 2 }), createPayload()]) {
      const refused = await create(h.app, payload);
      expect(refused.status).toBe(400);
      expect(refused.body.error.code).toBe(10025);
      expect(refused.body.error.detail.fields.map((f: { field: string }) => f.field)).toContain(
        'payload.answers.questions.0.id',
      );
    }
    const onV2 = await create(
      h.app,
      createPayload({
        surveyVersion: 2,
        questionMap: [],
        answers: { questions: [], indicators: [{ id: 1, score: 5 }], csatScore: null, npsScore: null },
      }),
    );
    expect(onV2.status).toBe(200);
    expect(await storedVersion(h, onV2.body.data.id)).toBe(2);
  });

  it('a version the survey never had is refused with 10025 naming payload.surveyVersion', async () => {
    const refused = await create(h.app, createPayload({ surveyVersion: 9 }));
    expect(refused.status).toBe(400);
    expect(refused.body.error.code).toBe(10025);
    expect(refused.body.error.detail.fields).toEqual([
      expect.objectContaining({ field: 'payload.surveyVersion', in: 'body' }),
    ]);
    expect((await h.database.db.select().from(responses).where(eq(responses.surveyVersion, 9))).length).toBe(
      0,
    );
  });

  it('O15.23 survey.config serves a language with every text in that language, any other in the survey’s own', async () => {
    const current = publishedDocument(await bistroRow(h));
    const german = withGerman(current);
    await expect(
      publishVersion(h.database.db, { companyId: 1, surveyId: 1, document: german, actor: CLI_ACTOR }),
    ).resolves.toEqual({ version: 3 });

    const de = await config(web('demo-bistro', { 'x-language': 'de' }));
    expect(de.body.data.surveys[0]).toMatchObject({ version: 3, templateLocale: 'de' });
    const texts = de.body.data.questions.map((q: { text: string }) => q.text);
    expect(texts.length).toBeGreaterThan(0);
    expect(texts.every((text: string) => text.startsWith('[de] '))).toBe(true);
    expect(de.body.data.surveys[0].sections[0].name).toMatch(/^\[de\] /);

    // Italian is not offered: the survey's own language, every text of it.
    for (const headers of [web('demo-bistro', { 'x-language': 'it' }), web()]) {
      const own = await config(headers);
      expect(own.body.data.surveys[0]).toMatchObject({ version: 3, templateLocale: 'en-gb' });
      expect(own.body.data.questions.map((q: { text: string }) => q.text)).toEqual(
        current.questions.map((q) => q.text),
      );
    }

    // German the company does not offer (O3.10 would serve another language): the survey's own.
    await h.database.db
      .update(companies)
      .set({ languages: ['en-gb'] })
      .where(eq(companies.id, 1));
    const notOffered = await config(web('demo-bistro', { 'x-language': 'de' }));
    expect(notOffered.body.data.surveys[0].templateLocale).toBe('en-gb');
    expect(notOffered.body.data.questions[0].text).toBe(current.questions[0]?.text);
    await h.database.db
      .update(companies)
      .set({ languages: ['en-gb', 'de', 'it', 'es'] })
      .where(eq(companies.id, 1));
  });
});

/** With the answer cache on, the language is part of what an answer is for (its body and ETag). */
describe.each(databases())('survey.config cached per language on $name', (target) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(target, {
      cacheTtlMs: 60_000,
      prepare: async (database) => {
        const [row] = await database.db.select().from(surveys).where(eq(surveys.id, 1));
        if (!row) throw new Error('no demo-bistro');
        await publishVersion(database.db, {
          companyId: 1,
          surveyId: 1,
          document: withGerman(publishedDocument(row)),
          actor: CLI_ACTOR,
        });
      },
    });
  });
  afterAll(async () => {
    await h?.close();
  });

  it('O15.23 an English and a German guest each get their own answer and ETag from the cache', async () => {
    const get = (language: string, extra: Record<string, string> = {}) =>
      call(h.app, {
        method: 'GET',
        url: '/api/v1/survey/config?edge=surveys,questions',
        headers: web('demo-bistro', { 'x-language': language, ...extra }),
      });
    const en = await get('en-gb');
    const de = await get('de');
    expect(en.body.data.surveys[0].templateLocale).toBe('en-gb');
    expect(de.body.data.surveys[0].templateLocale).toBe('de');
    expect(de.headers.etag).not.toBe(en.headers.etag);
    expect(en.headers.vary).toContain('X-Language');
    expect((await get('de', { 'if-none-match': en.headers.etag as string })).status).toBe(200);
    expect((await get('de', { 'if-none-match': de.headers.etag as string })).status).toBe(304);
    expect((await get('en-gb')).body.data.surveys[0].templateLocale).toBe('en-gb');
  });
});
