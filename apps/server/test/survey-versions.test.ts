import { type SurveyDocument, textEntries } from '@venue-voice/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, surveyDrafts, surveys, surveyVersions } from '../src/db/schema';
import { CLI_ACTOR } from '../src/services/audit/record';
import { publishedDocument, publishVersion, VersionDocuments } from '../src/services/survey-versions';
import { databases } from './databases';
import { type Harness, startHarness } from './harness';

/** Issue 31 foundation (decision 0254): every survey is a version; publishing makes the next one, immutable. */
describe.each(databases())('survey versions on $name', (target) => {
  let h: Harness;
  const row = async (id: number) => {
    const [found] = await h.database.db.select().from(surveys).where(eq(surveys.id, id));
    if (!found) throw new Error(`no survey ${id}`);
    return found;
  };

  beforeAll(async () => {
    h = await startHarness(target);
  });
  afterAll(async () => {
    await h?.close();
  });

  it('the demo surveys are their own version 1, offered in all four languages', async () => {
    const stored = await h.database.db.select().from(surveyVersions).where(eq(surveyVersions.version, 1));
    expect(stored.length).toBeGreaterThanOrEqual(3);
    const bistro = await row(1);
    expect(bistro.version).toBe(1);
    const v1 = stored.find((v) => v.surveyId === 1)?.document as SurveyDocument;
    expect(v1.questions.map((q) => q.id)).toEqual(publishedDocument(bistro).questions.map((q) => q.id));
    expect(publishedDocument(bistro).languages).toEqual(['en-gb', 'de', 'it', 'es']);
    expect(v1.translations).toEqual(bistro.translations);
  });

  it('O15.24 a publish makes version 2 on the row; version 1 stays as it was for a guest who started on it', async () => {
    const before = publishedDocument(await row(1));
    const [first, ...rest] = before.questions;
    if (!first) throw new Error('no question');
    const changed: SurveyDocument = {
      ...before,
      questions: [{ ...first, text: 'How was lunch today?' }, ...rest],
    };
    await expect(
      publishVersion(h.database.db, { companyId: 1, surveyId: 1, document: changed, actor: CLI_ACTOR }),
    ).resolves.toEqual({ version: 2 });

    const after = await row(1);
    expect(after.version).toBe(2);
    expect(publishedDocument(after).questions[0]?.text).toBe('How was lunch today?');
    const versions = new VersionDocuments();
    expect((await versions.find(h.database.db, after, 1))?.questions[0]?.text).toBe(first.text);
    expect((await versions.find(h.database.db, after, 2))?.questions[0]?.text).toBe('How was lunch today?');
    expect(await versions.find(h.database.db, after, 9)).toBeNull();
    const audit = await h.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'survey.publish'), eq(auditLog.subjectId, '1')));
    expect(audit.map((a) => a.detail)).toContainEqual({ version: 2 });
  });

  it('O15.24 a document with a fault or a missing language is refused with its paths, and nothing changes', async () => {
    const current = publishedDocument(await row(1));
    const broken: SurveyDocument = {
      ...current,
      languages: ['en-gb', 'de'],
      // The demo's German texts taken away: German lacks every text.
      translations: {},
      questions: current.questions.map((q, i) => (i === 0 ? { ...q, sectionId: 'nowhere' } : q)),
    };
    const refused = publishVersion(h.database.db, {
      companyId: 1,
      surveyId: 1,
      document: broken,
      actor: CLI_ACTOR,
    });
    await expect(refused).rejects.toMatchObject({ code: 10025 });
    const fields = await refused.catch((e) => e.detail.fields.map((f: { field: string }) => f.field));
    expect(fields).toEqual(expect.arrayContaining(['questions.0.sectionId', 'translations.de']));
    expect((await row(1)).version).toBe(2);
    // With every German text the same document (fault mended) publishes.
    const de = Object.fromEntries(textEntries(current).map(({ key, text }) => [key, `[de] ${text}`]));
    const german = { ...current, languages: ['en-gb' as const, 'de' as const], translations: { de } };
    await expect(
      publishVersion(h.database.db, { companyId: 1, surveyId: 1, document: german, actor: CLI_ACTOR }),
    ).resolves.toEqual({ version: 3 });
  });

  it('O15.50 a draft saved while a publish ran is kept; the draft published goes', async () => {
    const current = publishedDocument(await row(2));
    const published: SurveyDocument = { ...current, survey: { ...current.survey, name: 'Published name' } };
    const savedMeanwhile: SurveyDocument = { ...current, survey: { ...current.survey, name: 'Later edit' } };
    const draftOf = async () =>
      (await h.database.db.select().from(surveyDrafts).where(eq(surveyDrafts.surveyId, 2)))[0];
    await h.database.db.insert(surveyDrafts).values({ surveyId: 2, document: savedMeanwhile, basedOn: 1 });
    await publishVersion(h.database.db, { companyId: 1, surveyId: 2, document: published, actor: CLI_ACTOR });
    expect((await draftOf())?.document).toEqual(savedMeanwhile);

    await publishVersion(h.database.db, {
      companyId: 1,
      surveyId: 2,
      document: (await draftOf())?.document as SurveyDocument,
      actor: CLI_ACTOR,
    });
    expect(await draftOf()).toBeUndefined();
    expect((await row(2)).name).toBe('Later edit');
  });

  it('O15.13 another survey’s slug is refused; another company’s survey is not found', async () => {
    const current = publishedDocument(await row(1));
    const taken = { ...current, survey: { ...current.survey, slug: 'demo-cafe' } };
    await expect(
      publishVersion(h.database.db, { companyId: 1, surveyId: 1, document: taken, actor: CLI_ACTOR }),
    ).rejects.toMatchObject({
      code: 10025,
      detail: { fields: [expect.objectContaining({ field: 'survey.slug' })] },
    });
    await expect(
      publishVersion(h.database.db, { companyId: 2, surveyId: 1, document: current, actor: CLI_ACTOR }),
    ).resolves.toBeNull();
  });
});
