import { DRAFT_REVISION_HEADER, type SurveyDocument, textEntries } from '@venue-voice/domain';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, surveyBranches, surveyDrafts, surveys } from '../src/db/schema';
import { publishedDocument } from '../src/services/survey-versions';
import { databases } from './databases';
import { call, type Harness, NOW, startHarness, web } from './harness';
import { freshDocument } from './security/console-rows/surveys';
import { addConsoleOperators, addForeignCompany } from './security/tenants';
import { CONSOLE, type ConsoleHeaders, sessionHeaders } from './support/console';

/** A document without the ids a store gives it (the survey's own id in survey and questions). */
const withoutIds = (document: SurveyDocument) => {
  const { templateId: _t, surveyId: _s, ...survey } = document.survey;
  return {
    ...document,
    survey,
    questions: document.questions.map(({ templateId: _q, ...question }) => question),
  };
};

/** Issue 31 (decisions 0254, 0255): the console's survey calls, role-scoped by O1.9 and O1.10. */
describe.each(databases())('console surveys on $name', (target) => {
  let h: Harness;
  let owner: ConsoleHeaders;
  let manager: ConsoleHeaders;
  let manager2: ConsoleHeaders;
  let viewer: ConsoleHeaders;
  let foreign: ConsoleHeaders;

  const get = (url: string, headers: ConsoleHeaders = owner) =>
    call(h.app, { method: 'GET', url: `${CONSOLE}${url}`, headers });
  const send = (
    method: 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    payload?: unknown,
    headers = owner,
  ) =>
    call(h.app, {
      method,
      url: `${CONSOLE}${url}`,
      headers,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  /** The revision GET …/document answers now: what the console holds and a change sends (O15.52). */
  const revisionNow = async (id: number) =>
    (await get(`/surveys/${id}/document`)).body.data.revision as string;
  /** A change of a survey's draft as the console sends it: based on the revision of now. */
  const change = async (
    method: 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: unknown,
    headers = owner,
  ) => {
    const id = Number(/^\/surveys\/(\d+)\//.exec(url)?.[1]);
    return send(method, url, payload, { ...headers, [DRAFT_REVISION_HEADER]: await revisionNow(id) });
  };
  const row = async (id: number) => {
    const [found] = await h.database.db.select().from(surveys).where(eq(surveys.id, id));
    if (!found) throw new Error(`no survey ${id}`);
    return found;
  };
  const lastAudit = async (action: string) =>
    (
      await h.database.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.action, action))
        .orderBy(desc(auditLog.id))
        .limit(1)
    )[0];
  const setManagersEdit = (allowed: boolean) => send('PATCH', '/company', { managersEditSurveys: allowed });
  /** A new survey of company 1 at these branches, made by the owner through POST /surveys. */
  const newSurvey = async (branchIds: number[], slug?: string) => {
    const document = await freshDocument(h.database.db, slug);
    const created = await send('POST', '/surveys', { document, branchIds });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    return created.body.data.id as number;
  };

  beforeAll(async () => {
    h = await startHarness(target, {
      prepare: addForeignCompany,
    });
    const ids = await addConsoleOperators(h.database);
    owner = await sessionHeaders(h.database.db, ids.owner);
    manager = await sessionHeaders(h.database.db, ids.manager1);
    manager2 = await sessionHeaders(h.database.db, ids.manager2);
    viewer = await sessionHeaders(h.database.db, ids.viewer);
    foreign = await sessionHeaders(h.database.db, ids.otherCompany);
  });
  afterAll(async () => {
    await h?.close();
  });

  it('O1.9 the list: the owner reads every survey of the company and may edit each; another company sees none of them', async () => {
    const listed = await get('/surveys');
    expect(listed.status).toBe(200);
    const bistro = listed.body.data.items.find((s: { id: number }) => s.id === 1);
    expect(bistro).toMatchObject({
      id: 1,
      slug: 'demo-bistro',
      active: true,
      version: 1,
      languages: ['en-gb', 'de', 'it', 'es'],
      branchIds: [1, 2],
      hasDraft: false,
      editable: true,
    });
    const theirs = await get('/surveys', foreign);
    expect(theirs.body.data.items.map((s: { slug: string }) => s.slug)).toEqual(['other-cafe']);
    expect((await get('/surveys/1/document', foreign)).body.error.code).toBe(10014);
    expect((await get('/surveys/999999/document')).body.error.code).toBe(10014);
  });

  it('O15.25 a draft the schema refuses answers 400 10025 naming each field by its path, and nothing is saved', async () => {
    const current = publishedDocument(await row(1));
    const [first, ...rest] = current.questions;
    if (!first) throw new Error('no question');
    const refused = await change('PUT', '/surveys/1/draft', {
      ...current,
      format: 2,
      questions: [{ ...first, weight: 'heavy' }, ...rest],
    });
    expect([refused.status, refused.body.error.code]).toEqual([400, 10025]);
    const fields = refused.body.error.detail.fields.map((f: { field: string }) => f.field);
    expect(fields).toEqual(expect.arrayContaining(['format', 'questions.0.weight']));
    expect(refused.body.error.detail.fields[0]).toMatchObject({ in: 'body', message: 'editor.invalid' });
    expect(await h.database.db.select().from(surveyDrafts).where(eq(surveyDrafts.surveyId, 1))).toEqual([]);
  });

  it('O15.24 a draft with faults is saved, answers its faults, and the document shows it beside the published version', async () => {
    const current = publishedDocument(await row(1));
    // The demo survey is offered in four languages: without its German texts, German is missing.
    const { de: _german, ...others } = current.translations;
    const draft: SurveyDocument = { ...current, translations: others };
    const saved = await change('PUT', '/surveys/1/draft', draft);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data.updatedAt).toBe(NOW.toISOString());
    expect(saved.body.data.faults.map((f: { path: string }) => f.path)).toContain('translations.de');

    const answer = await get('/surveys/1/document');
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({
      id: 1,
      editable: true,
      branchIds: [1, 2],
      published: { version: 1, publishedAt: expect.any(String), publishedBy: null },
      draft: { basedOn: 1, updatedAt: NOW.toISOString(), updatedBy: { id: 1 } },
    });
    expect(answer.body.data.published.document.survey.slug).toBe('demo-bistro');
    expect(answer.body.data.draft.document.translations.de).toBeUndefined();
    expect(answer.body.data.draft.faults.length).toBeGreaterThan(0);

    // Publishing is refused with the paths; the published version stays.
    const refused = await change('POST', '/surveys/1/publish', {});
    expect([refused.status, refused.body.error.code]).toEqual([400, 10025]);
    expect(refused.body.error.detail.fields.map((f: { field: string }) => f.field)).toContain(
      'translations.de',
    );
    expect((await row(1)).version).toBe(1);

    // Discarded, the draft is gone; a publish without a draft is 404 10014 naming the draft.
    expect((await change('DELETE', '/surveys/1/draft')).status).toBe(200);
    expect((await get('/surveys/1/document')).body.data.draft).toBeNull();
    const none = await change('POST', '/surveys/1/publish', {});
    expect([none.status, none.body.error.code, none.body.error.detail]).toEqual([
      404,
      10014,
      { draft: null },
    ]);
  });

  it('O15.24 publishing the draft makes the next version: the guests’ survey changes, the history lists it newest first', async () => {
    const current = publishedDocument(await row(1));
    const de = Object.fromEntries(textEntries(current).map(({ key, text }) => [key, `[de] ${text}`]));
    const draft: SurveyDocument = {
      ...current,
      survey: { ...current.survey, name: 'Bistro, second edition' },
      languages: ['en-gb', 'de'],
      translations: { de },
    };
    expect((await change('PUT', '/surveys/1/draft', draft)).body.data.faults).toEqual([]);
    const published = await change('POST', '/surveys/1/publish', {});
    expect(published.status, JSON.stringify(published.body)).toBe(200);
    expect(published.body.data).toEqual({ version: 2, revision: '2.0' });

    const stored = await row(1);
    expect([stored.version, stored.name, stored.languages]).toEqual([
      2,
      'Bistro, second edition',
      ['en-gb', 'de'],
    ]);
    const guest = await call(h.app, {
      method: 'GET',
      url: '/api/v1/survey/config?edge=core,surveys,statics',
      headers: web('demo-bistro'),
    });
    expect(guest.body.data.surveys[0].name).toBe('Bistro, second edition');

    const answer = (await get('/surveys/1/document')).body.data;
    expect(answer.draft).toBeNull();
    expect(answer.published).toMatchObject({
      version: 2,
      publishedAt: NOW.toISOString(),
      publishedBy: { id: 1, name: expect.any(String) },
    });
    const history = await get('/surveys/1/versions');
    expect(history.body.data.items).toEqual([
      {
        version: 2,
        publishedAt: NOW.toISOString(),
        publishedBy: { id: 1, name: expect.any(String) },
        restoredFrom: null,
      },
      { version: 1, publishedAt: expect.any(String), publishedBy: null, restoredFrom: null },
    ]);
    expect((await lastAudit('survey.publish'))?.detail).toEqual({ version: 2 });
    const listed = (await get('/surveys')).body.data.items.find((s: { id: number }) => s.id === 1);
    expect(listed).toMatchObject({ version: 2, languages: ['en-gb', 'de'], publishedAt: NOW.toISOString() });
  });

  it('O15.24 restoring a version makes it the draft (based on it), audited; its publish records where it came from', async () => {
    const restored = await change('POST', '/surveys/1/versions/1/restore', {});
    expect(restored.status, JSON.stringify(restored.body)).toBe(200);
    expect(restored.body.data).toMatchObject({ basedOn: 1, faults: [] });
    expect((await row(1)).version).toBe(2);
    const answer = (await get('/surveys/1/document')).body.data;
    expect(answer.draft.basedOn).toBe(1);
    expect(answer.draft.document.survey.name).toBe('Demo Bistro');
    expect(await lastAudit('survey.restore')).toMatchObject({
      actorOperatorId: 1,
      subjectType: 'survey',
      subjectId: '1',
      detail: { version: 1 },
    });
    // Edited after the restore, the draft still comes from version 1.
    const edited = {
      ...answer.draft.document,
      survey: { ...answer.draft.document.survey, name: 'Bistro again' },
    };
    expect((await change('PUT', '/surveys/1/draft', edited)).status).toBe(200);
    expect((await get('/surveys/1/document')).body.data.draft.basedOn).toBe(1);
    expect((await change('POST', '/surveys/1/publish', {})).body.data).toEqual({
      version: 3,
      revision: '3.0',
    });
    const history = (await get('/surveys/1/versions')).body.data.items;
    expect(
      history.map((v: { version: number; restoredFrom: number | null }) => [v.version, v.restoredFrom]),
    ).toEqual([
      [3, 1],
      [2, null],
      [1, null],
    ]);
    expect((await row(1)).name).toBe('Bistro again');
    expect((await change('POST', '/surveys/1/versions/9/restore', {})).body.error.code).toBe(10014);
  });

  it('O15.52 a save based on an older revision is refused 409 10035 and stores nothing; a fresh one is saved with a new revision', async () => {
    const id = await newSurvey([1], 'two-tabs');
    const opened = await revisionNow(id);
    expect(opened).toBe('1.0');
    const published = (await get(`/surveys/${id}/document`)).body.data.published.document as SurveyDocument;
    const named = (name: string) => ({ ...published, survey: { ...published.survey, name } });
    const saveAt = (revision: string | null, document: SurveyDocument) =>
      send('PUT', `/surveys/${id}/draft`, document, {
        ...owner,
        ...(revision === null ? {} : { [DRAFT_REVISION_HEADER]: revision }),
      });
    const draftName = async () =>
      ((await get(`/surveys/${id}/document`)).body.data.draft?.document as SurveyDocument | undefined)?.survey
        .name;

    // Two tabs opened the survey; the first saves (the clock stands still: the revision is not a time).
    const first = await saveAt(opened, named('First tab'));
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const afterFirst = first.body.data.revision;
    expect(afterFirst).toMatch(/^1\.[0-9a-f]{32}$/);
    expect(await revisionNow(id)).toBe(afterFirst);
    // The second, based on what it opened, is refused and told the revision of now; nothing is stored.
    const stale = await saveAt(opened, named('Second tab'));
    expect([stale.status, stale.body.error.code, stale.body.error.detail]).toEqual([
      409,
      10035,
      { revision: afterFirst },
    ]);
    expect(await draftName()).toBe('First tab');
    // Overwriting is a save based on that revision: it is stored and gives the next one.
    const overwrite = await saveAt(afterFirst, named('Second tab'));
    expect(overwrite.status).toBe(200);
    expect(overwrite.body.data.revision).not.toBe(afterFirst);
    expect(await draftName()).toBe('Second tab');
    expect((await saveAt(afterFirst, named('First tab again'))).body.error.code).toBe(10035);

    // Two saves at once on one revision: one is stored, the other refused.
    const base = await revisionNow(id);
    const both = await Promise.all([saveAt(base, named('Tab A')), saveAt(base, named('Tab B'))]);
    expect(both.map((a) => a.status).sort()).toEqual([200, 409]);
    const winner = both.find((a) => a.status === 200);
    expect(await revisionNow(id)).toBe(winner?.body.data.revision);
    expect(await draftName()).toBe(both[0]?.status === 200 ? 'Tab A' : 'Tab B');

    // No revision is 400 10008, a malformed one 400 10009; neither stores anything.
    const missing = await saveAt(null, named('No revision'));
    expect([missing.status, missing.body.error.code]).toEqual([400, 10008]);
    expect(missing.body.error.detail.fields[0]).toMatchObject({
      field: DRAFT_REVISION_HEADER,
      in: 'headers',
    });
    expect((await saveAt('latest', named('Bad revision'))).body.error.code).toBe(10009);
    expect(await draftName()).toBe(both[0]?.status === 200 ? 'Tab A' : 'Tab B');
  });

  it('O15.52 publish, discard and restore based on an older revision are refused 409 10035 and change nothing; on the latest they act', async () => {
    const id = await newSurvey([1], 'stale-publish');
    const published = (await get(`/surveys/${id}/document`)).body.data.published.document as SurveyDocument;
    const named = (name: string) => ({ ...published, survey: { ...published.survey, name } });
    const at = (revision: string) => ({ ...owner, [DRAFT_REVISION_HEADER]: revision });
    const draftName = async () =>
      ((await get(`/surveys/${id}/document`)).body.data.draft?.document as SurveyDocument | undefined)?.survey
        .name;
    const mine = (await send('PUT', `/surveys/${id}/draft`, named('Mine'), at('1.0'))).body.data.revision;
    // Another tab saves on top: this tab's publish, discard and restore are now stale.
    const theirs = (await send('PUT', `/surveys/${id}/draft`, named('Theirs'), at(mine))).body.data.revision;
    for (const [method, url] of [
      ['POST', `/surveys/${id}/publish`],
      ['DELETE', `/surveys/${id}/draft`],
      ['POST', `/surveys/${id}/versions/1/restore`],
    ] as const) {
      const refused = await send(method, url, method === 'POST' ? {} : undefined, at(mine));
      expect([refused.status, refused.body.error.code, refused.body.error.detail], url).toEqual([
        409,
        10035,
        { revision: theirs },
      ]);
    }
    expect([(await row(id)).version, await draftName()]).toEqual([1, 'Theirs']);

    // On the latest revision the publish goes through: version 2, no draft.
    const publish = await send('POST', `/surveys/${id}/publish`, {}, at(theirs));
    expect(publish.body.data).toEqual({ version: 2, revision: '2.0' });
    expect([(await row(id)).name, await revisionNow(id)]).toEqual(['Theirs', '2.0']);
    // A tab still on the draft before the publish may not make it again unseen.
    const late = await send('PUT', `/surveys/${id}/draft`, named('Late'), at(theirs));
    expect([late.status, late.body.error.detail]).toEqual([409, { revision: '2.0' }]);
    expect(await draftName()).toBeUndefined();

    // A restore and a discard on the latest revision act, and answer the revision after them.
    const restored = await send('POST', `/surveys/${id}/versions/1/restore`, {}, at('2.0'));
    expect(restored.body.data.revision).toMatch(/^2\.[0-9a-f]{32}$/);
    expect(await revisionNow(id)).toBe(restored.body.data.revision);
    const discarded = await send(
      'DELETE',
      `/surveys/${id}/draft`,
      undefined,
      at(restored.body.data.revision),
    );
    expect([discarded.status, discarded.body.data]).toEqual([200, { revision: '2.0' }]);
    expect(await draftName()).toBeUndefined();
  });

  it('O15.25 export then import: the file is the published document, and POST /surveys makes an equal survey (version 1, inactive, audited)', async () => {
    const exported = await call(h.app, { method: 'GET', url: `${CONSOLE}/surveys/1/export`, headers: owner });
    expect(exported.status).toBe(200);
    expect(exported.headers['content-type']).toMatch(/^application\/json/);
    expect(exported.headers['content-disposition']).toBe('attachment; filename="demo-bistro-v3.json"');
    const file = exported.body as SurveyDocument;
    expect(file).toEqual(publishedDocument(await row(1)));

    // The same slug is taken: the import names the field.
    const taken = await send('POST', '/surveys', { document: file, branchIds: [1] });
    expect([taken.status, taken.body.error.code]).toEqual([400, 10025]);
    expect(taken.body.error.detail.fields).toEqual([
      { field: 'survey.slug', in: 'body', message: 'editor.slugTaken', params: {} },
    ]);

    const imported = { ...file, survey: { ...file.survey, slug: 'bistro-imported' } };
    const created = await send('POST', '/surveys', { document: imported, branchIds: [2, 1] });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.data.id as number;
    const answer = (await get(`/surveys/${id}/document`)).body.data;
    expect(answer).toMatchObject({ id, branchIds: [1, 2], published: { version: 1 }, draft: null });
    expect(answer.published.document.survey.templateId).toBe(id);
    expect(withoutIds(answer.published.document)).toEqual(withoutIds(imported));
    expect((await row(id)).active).toBe(false);
    expect((await get(`/surveys/${id}/versions`)).body.data.items).toEqual([
      {
        version: 1,
        publishedAt: NOW.toISOString(),
        publishedBy: { id: 1, name: expect.any(String) },
        restoredFrom: null,
      },
    ]);
    expect(await lastAudit('survey.create')).toMatchObject({
      subjectId: String(id),
      detail: { slug: 'bistro-imported', branchIds: [1, 2], version: 1 },
    });
    // And its own export gives the same file back, under its own name.
    const again = await call(h.app, {
      method: 'GET',
      url: `${CONSOLE}/surveys/${id}/export`,
      headers: owner,
    });
    expect(again.headers['content-disposition']).toBe('attachment; filename="bistro-imported-v1.json"');
    expect(withoutIds(again.body)).toEqual(withoutIds(imported));
  });

  it('O15.25 an import the schema refuses, or that could not be published, names its fields; a draft export needs a draft', async () => {
    const document = await freshDocument(h.database.db, 'broken-import');
    const refused = await send('POST', '/surveys', {
      document: { ...document, languages: [], questions: [{ id: 'x' }] },
      branchIds: [1],
    });
    expect([refused.status, refused.body.error.code]).toEqual([400, 10025]);
    const fields = refused.body.error.detail.fields.map((f: { field: string }) => f.field);
    expect(fields).toEqual(expect.arrayContaining(['languages', 'questions.0.id']));
    const unpublishable = await send('POST', '/surveys', {
      document: { ...document, languages: ['en-gb', 'it'], translations: {} },
      branchIds: [1],
    });
    expect(unpublishable.body.error.detail.fields.map((f: { field: string }) => f.field)).toContain(
      'translations.it',
    );
    expect(await h.database.db.select().from(surveys).where(eq(surveys.slug, 'broken-import'))).toEqual([]);

    const noDraft = await get('/surveys/2/export?which=draft');
    expect([noDraft.status, noDraft.body.error.code]).toEqual([404, 10014]);
    const cafe = publishedDocument(await row(2));
    await change('PUT', '/surveys/2/draft', { ...cafe, survey: { ...cafe.survey, name: 'Café draft' } });
    const draft = await call(h.app, {
      method: 'GET',
      url: `${CONSOLE}/surveys/2/export?which=draft`,
      headers: owner,
    });
    expect(draft.headers['content-disposition']).toBe('attachment; filename="demo-cafe-v1-draft.json"');
    expect(draft.body.survey.name).toBe('Café draft');
  });

  it('duplicate: a copy of the published version, "-copy" then "-copy-2", same branches, version 1, inactive until switched on', async () => {
    const first = await send('POST', '/surveys/3/duplicate', {});
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const copy = await row(first.body.data.id);
    expect([copy.slug, copy.name, copy.version, copy.active]).toEqual([
      'demo-table-copy',
      'Demo Table Service (copy)',
      1,
      false,
    ]);
    const branches = await h.database.db
      .select({ id: surveyBranches.branchId })
      .from(surveyBranches)
      .where(eq(surveyBranches.surveyId, copy.id));
    expect(branches.map((b) => b.id).sort()).toEqual([1, 3]);
    const source = publishedDocument(await row(3));
    expect(withoutIds(publishedDocument(copy)).questions).toEqual(withoutIds(source).questions);
    expect(await lastAudit('survey.create')).toMatchObject({
      subjectId: String(copy.id),
      detail: { duplicatedFrom: 3, fromVersion: 1 },
    });
    const second = await send('POST', '/surveys/3/duplicate', {});
    expect((await row(second.body.data.id)).slug).toBe('demo-table-copy-2');

    // Inactive: no guest link serves it until someone who may edit it switches it on.
    const guest = () =>
      call(h.app, {
        method: 'GET',
        url: '/api/v1/survey/config?edge=surveys',
        headers: web('demo-table-copy'),
      });
    expect((await guest()).body.error.code).toBe(10013);
    const on = await send('PATCH', `/surveys/${copy.id}`, { active: true });
    expect([on.status, on.body.data]).toEqual([200, { active: true }]);
    expect((await guest()).status).toBe(200);
    expect(await lastAudit('survey.update')).toMatchObject({
      subjectId: String(copy.id),
      detail: { active: true },
    });
  });

  it('O1.10 the company setting: the owner reads and changes managersEditSurveys (audited); a manager may not', async () => {
    expect((await get('/company')).body.data.company.managersEditSurveys).toBe(false);
    const refused = await send('PATCH', '/company', { managersEditSurveys: true }, manager);
    expect([refused.status, refused.body.error.code]).toEqual([403, 10034]);
    const changed = await setManagersEdit(true);
    expect(changed.body.data.company.managersEditSurveys).toBe(true);
    expect((await lastAudit('company.update'))?.detail).toEqual({ managersEditSurveys: true });
    expect((await setManagersEdit(false)).body.data.company.managersEditSurveys).toBe(false);
  });

  it('O1.9 O1.10 roles: a viewer reads but never edits; a manager edits only when allowed and only surveys of their branches', async () => {
    const soho = await newSurvey([1], 'soho-only');
    const document = (await get(`/surveys/${soho}/document`)).body.data.published.document as SurveyDocument;
    const save = (headers: ConsoleHeaders, id = soho) =>
      change('PUT', `/surveys/${id}/draft`, document, headers);
    const code = (a: { body: { error?: { code: number } } }) => a.body.error?.code;

    // The viewer of branch 1 reads it, never edits it.
    const seen = (await get('/surveys', viewer)).body.data.items.find((s: { id: number }) => s.id === soho);
    expect(seen).toMatchObject({ editable: false });
    expect((await get(`/surveys/${soho}/document`, viewer)).body.data.editable).toBe(false);
    expect(code(await save(viewer))).toBe(10034);
    // The manager of branch 2 does not see it at all.
    expect((await get('/surveys', manager2)).body.data.items.some((s: { id: number }) => s.id === soho)).toBe(
      false,
    );
    expect(code(await get(`/surveys/${soho}/document`, manager2))).toBe(10014);

    // Managers may not edit until the owner allows it.
    expect((await get(`/surveys/${soho}/document`, manager)).body.data.editable).toBe(false);
    expect(code(await save(manager))).toBe(10034);
    expect(
      code(
        await send(
          'POST',
          '/surveys',
          { document: { ...document, survey: { ...document.survey, slug: 'by-manager' } }, branchIds: [1] },
          manager,
        ),
      ),
    ).toBe(10034);

    await setManagersEdit(true);
    expect((await get(`/surveys/${soho}/document`, manager)).body.data.editable).toBe(true);
    expect((await save(manager)).status).toBe(200);
    expect((await change('POST', `/surveys/${soho}/publish`, {}, manager)).body.data).toEqual({
      version: 2,
      revision: '2.0',
    });
    expect(code(await save(viewer))).toBe(10034);
    expect(code(await save(manager2))).toBe(10014);
    // A survey shared with a branch the manager does not run stays the owner's.
    const bistro = (await get('/surveys', manager)).body.data.items.find((s: { id: number }) => s.id === 1);
    expect(bistro).toMatchObject({ editable: false });
    expect(code(await save(manager, 1))).toBe(10034);
    expect(code(await send('POST', '/surveys/1/duplicate', {}, manager))).toBe(10034);
    // New surveys: only at the manager's own branches; a branch they do not see is one that does not exist.
    const mine = { ...document, survey: { ...document.survey, slug: 'by-manager' } };
    expect(code(await send('POST', '/surveys', { document: mine, branchIds: [2] }, manager))).toBe(10012);
    expect(code(await send('POST', '/surveys', { document: mine, branchIds: [1, 2] }, manager))).toBe(10012);
    expect(code(await send('POST', '/surveys', { document: mine, branchIds: [] }, manager))).toBe(10034);
    expect(code(await send('POST', '/surveys', { document: mine, branchIds: [20] }))).toBe(10012);
    expect((await send('POST', '/surveys', { document: mine, branchIds: [1] }, manager)).status).toBe(201);
    await setManagersEdit(false);
    expect(code(await save(manager))).toBe(10034);
    expect(
      await h.database.db
        .select({ slug: surveys.slug })
        .from(surveys)
        .where(and(eq(surveys.companyId, 1), eq(surveys.slug, 'by-manager'))),
    ).toHaveLength(1);
  });
});
