import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { documentOf, type Question, type Survey, type SurveyDocument } from '@venue-voice/domain';
import { eq } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, responses, surveyDrafts, surveys } from '../src/db/schema';
import { registerSecurityHeaders } from '../src/plugins/security-headers';
import { webPlugin } from '../src/plugins/web';
import { publishedDocument } from '../src/services/survey-versions';
import { databases } from './databases';
import { call, type Harness, startHarness } from './harness';
import { addConsoleOperators } from './security/tenants';
import { addOtherCompany } from './submit-fixtures';
import { CONSOLE, type ConsoleHeaders, SITE_ORIGIN, sessionHeaders } from './support/console';

// Issue 31 item 4, decision 0258: GET /console/surveys/{id}/preview-config.
const url = (id: number, query = '') => `${CONSOLE}/surveys/${id}/preview-config${query}`;

describe.each(databases())('survey preview config on $name', (target) => {
  let h: Harness;
  let ids: Awaited<ReturnType<typeof addConsoleOperators>>;
  let owner: ConsoleHeaders;
  let viewer: ConsoleHeaders;
  let manager2: ConsoleHeaders;
  let otherCompany: ConsoleHeaders;
  beforeAll(async () => {
    h = await startHarness(target);
    await addOtherCompany(h.database.db);
    ids = await addConsoleOperators(h.database);
    owner = await sessionHeaders(h.database.db, ids.owner);
    viewer = await sessionHeaders(h.database.db, ids.viewer);
    manager2 = await sessionHeaders(h.database.db, ids.manager2);
    otherCompany = await sessionHeaders(h.database.db, ids.otherCompany);
  });
  afterAll(async () => h?.close());

  const get = (headers: ConsoleHeaders | Record<string, string>, path: string) =>
    call(h.app, { method: 'GET', url: path, headers });

  /** Survey 1 (demo-bistro, branches 1 and 2) as stored. */
  const bistro = async () => {
    const [row] = await h.database.db.select().from(surveys).where(eq(surveys.id, 1));
    if (!row) throw new Error('demo-bistro missing');
    return { survey: row.definition as Survey, questions: row.questions as Question[] };
  };

  it('without a draft, the published version is served as survey.config would serve a guest', async () => {
    const answer = await get(owner, url(1));
    expect(answer.status).toBe(200);
    const data = answer.body.data;
    expect(data).toMatchObject({ which: 'published', version: 1, language: 'en-gb', missingTexts: [] });
    const { questions } = await bistro();
    expect(data.config.surveys).toHaveLength(1);
    expect(data.config.surveys[0]).toMatchObject({ templateId: 1, slug: 'demo-bistro', version: 1 });
    expect(data.config.questions).toHaveLength(questions.length);
    expect(data.config.core.company.name).toEqual(expect.any(String));
    expect(data.config).toHaveProperty('statics');
    expect(data.branchId).toBe(1);
  });

  it('O15.23 the draft in another language: its translations, the missing texts in its own language and named', async () => {
    const { survey, questions } = await bistro();
    const first = questions[0] as Question;
    const changed = [{ ...first, text: 'Draft only: how was it?' }, ...questions.slice(1)];
    const document = {
      ...documentOf(survey, changed, ['en-gb', 'de']),
      translations: { de: { [`questions.${first.id}.text`]: 'Nur im Entwurf: Wie war es?' } },
    };
    await h.database.db.insert(surveyDrafts).values({ surveyId: 1, document, basedOn: 1 });
    try {
      const de = await get(owner, url(1, '?language=de&which=draft'));
      expect(de.status).toBe(200);
      expect(de.body.data).toMatchObject({
        which: 'draft',
        version: 1,
        language: 'de',
        languages: ['en-gb', 'de'],
      });
      expect(de.body.data.config.surveys[0].templateLocale).toBe('de');
      expect(de.body.data.config.surveys[0]).not.toHaveProperty('version');
      const shown = de.body.data.config.questions.find((q: Question) => q.id === first.id);
      expect(shown.text).toBe('Nur im Entwurf: Wie war es?');
      expect(de.body.data.missingTexts.length).toBeGreaterThan(0);
      expect(de.body.data.missingTexts).not.toContain(`questions.${first.id}.text`);

      const own = await get(owner, url(1, '?language=en-gb'));
      expect(own.body.data.config.questions.find((q: Question) => q.id === first.id).text).toBe(
        'Draft only: how was it?',
      );
      const live = await get(owner, url(1, '?which=published'));
      expect(live.body.data.which).toBe('published');
      expect(live.body.data.config.questions.find((q: Question) => q.id === first.id).text).toBe(first.text);
    } finally {
      await h.database.db.delete(surveyDrafts).where(eq(surveyDrafts.surveyId, 1));
    }
  });

  it('O1.9 a viewer of one of its branches may preview it, at a branch they see', async () => {
    // demo-table is served at branches 1 and 3; the viewer sees branch 1 only.
    const answer = await get(viewer, url(3, '?branchId=3'));
    expect(answer.status).toBe(200);
    expect(answer.body.data.branchId).toBe(1);
  });

  it('O1.9 a survey at no branch the operator sees, or of another company, is not found', async () => {
    expect((await get(manager2, url(3))).body.error.code).toBe(10014);
    const foreign = await get(otherCompany, url(1));
    expect(foreign.status).toBe(404);
    expect(foreign.body.error.code).toBe(10014);
    expect((await get(owner, url(20))).body.error.code).toBe(10014);
    expect((await get({}, url(1))).status).toBe(401);
  });

  it('a language that is not one of the four is refused', async () => {
    expect((await get(owner, url(1, '?language=fr'))).status).toBe(400);
  });

  // Decision 0259: POST with the editor's unsaved document.
  const post = (headers: ConsoleHeaders | Record<string, string>, id: number, payload: unknown) =>
    call(h.app, { method: 'POST', url: url(id), headers, payload: payload as Record<string, unknown> });
  const bistroDocument = async (): Promise<SurveyDocument> => {
    const [row] = await h.database.db.select().from(surveys).where(eq(surveys.id, 1));
    if (!row) throw new Error('demo-bistro missing');
    return publishedDocument(row);
  };
  const counts = async () => ({
    drafts: await h.database.db.$count(surveyDrafts),
    responses: await h.database.db.$count(responses),
    audit: await h.database.db.$count(auditLog),
  });

  it('O15.40 the unsaved document is previewed as survey.config would serve it, and nothing is stored', async () => {
    const document = await bistroDocument();
    const first = document.questions[0] as Question;
    const edited: SurveyDocument = {
      ...document,
      questions: [{ ...first, text: 'Typed, not saved: how was it?' }, ...document.questions.slice(1)],
    };
    const before = await counts();
    const answer = await post(owner, 1, { document: edited, language: 'en-gb', branchId: 2 });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({ which: 'draft', version: 1, language: 'en-gb', branchId: 2 });
    expect(answer.body.data.config.surveys[0]).toMatchObject({ templateId: 1, slug: 'demo-bistro' });
    expect(answer.body.data.config.surveys[0]).not.toHaveProperty('version');
    expect(answer.body.data.config.questions[0]).toMatchObject({
      id: first.id,
      text: 'Typed, not saved: how was it?',
    });
    // The same answer as the GET gives for a draft holding this document: one builder (preview-config.ts).
    await h.database.db.insert(surveyDrafts).values({ surveyId: 1, document: edited, basedOn: 1 });
    try {
      const saved = await get(owner, url(1, '?which=draft&branchId=2'));
      expect(answer.body.data).toEqual(saved.body.data);
    } finally {
      await h.database.db.delete(surveyDrafts).where(eq(surveyDrafts.surveyId, 1));
    }
    // Stores nothing: no draft, no response, no audit entry (it changes nothing, so is not audited).
    expect(await counts()).toEqual(before);
  });

  it('O15.40 a language the document lacks texts in is previewed with them named', async () => {
    const document = await bistroDocument();
    const answer = await post(owner, 1, { document: { ...document, translations: {} }, language: 'it' });
    expect(answer.status).toBe(200);
    expect(answer.body.data.language).toBe('it');
    expect(answer.body.data.missingTexts.length).toBeGreaterThan(0);
  });

  it('O15.25 a document the schema refuses is 400 10025 naming each field', async () => {
    const document = await bistroDocument();
    const broken = { ...document, questions: [{ ...document.questions[0], weight: 'heavy' }] };
    const answer = await post(owner, 1, { document: broken });
    expect(answer.status).toBe(400);
    expect(answer.body.error.code).toBe(10025);
    expect(answer.body.error.detail.fields).toContainEqual(
      expect.objectContaining({ field: 'questions.0.weight', message: 'editor.invalid' }),
    );
    // No document at all: the body's own schema (a required parameter).
    expect((await post(owner, 1, {})).body.error.code).toBe(10008);
  });

  it('O15.40 a document whose faults would break the engine is 400 10025 naming them', async () => {
    const document = await bistroDocument();
    const first = document.questions[0] as Question;
    const broken = {
      ...document,
      questions: [
        { ...first, sectionId: 'gone', followUpQuestions: [first.id] },
        ...document.questions.slice(1),
      ],
    };
    const answer = await post(owner, 1, { document: broken });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toMatchObject({ code: 10025 });
    expect(answer.body.error.message).toMatch(/cannot be previewed/);
    expect(
      answer.body.error.detail.fields.map(
        (f: { field: string; message: string }) => `${f.field} ${f.message}`,
      ),
    ).toEqual(
      expect.arrayContaining([
        'questions.0.sectionId editor.unknownSection',
        'questions.0.followUpQuestions.0 editor.unknownQuestion',
      ]),
    );
  });

  it('O1.9 the POST reads as the GET: a viewer previews, other companies and no branch find nothing', async () => {
    const document = await bistroDocument();
    expect((await post(viewer, 1, { document })).status).toBe(200);
    expect((await post(manager2, 3, { document })).body.error.code).toBe(10014);
    expect((await post(otherCompany, 1, { document })).body.error.code).toBe(10014);
    // Refused before the document is read: a foreign survey says nothing about the document's faults.
    expect((await post(otherCompany, 1, { document: { bad: true } })).body.error.code).toBe(10014);
    expect((await post({ origin: SITE_ORIGIN }, 1, { document })).status).toBe(401);
  });
});

describe('the preview page (decision 0258)', () => {
  let app: FastifyInstance;
  let dist: string;
  beforeAll(async () => {
    dist = await mkdtemp(join(tmpdir(), 'vv-preview-dist-'));
    await writeFile(join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
    app = Fastify();
    registerSecurityHeaders(app);
    await app.register(webPlugin, { distDir: dist });
  });
  afterAll(async () => {
    await app?.close();
    await rm(dist, { recursive: true, force: true });
  });

  it('/preview may be framed by the console on this site, and any other page by nothing', async () => {
    const preview = await app.inject({ method: 'GET', url: '/preview?survey=1&language=de' });
    expect(preview.statusCode).toBe(200);
    expect(preview.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(String(preview.headers['content-security-policy'])).toContain("frame-ancestors 'self'");
    const guest = await app.inject({ method: 'GET', url: '/preview-bistro' });
    expect(guest.headers['x-frame-options']).toBe('DENY');
    expect(String(guest.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
  });
});
