import { randomBytes } from 'node:crypto';
import { DRAFT_REVISION_HEADER, type SurveyDocument } from '@venue-voice/domain';
import { eq, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../../src/db/connection';
import { surveyDrafts, surveys } from '../../../src/db/schema';
import {
  createSurvey,
  draftDigest,
  publishedDocument,
  revisionOf,
} from '../../../src/services/survey-versions';
import { NOW } from '../../harness';
import { CONSOLE } from '../../support/console';
import {
  type Answer,
  type ConsoleActor,
  type ConsoleRow,
  type Outcome,
  probe,
  type RowContext,
} from './types';

/** The owner of company 1 as a service's caller. */
const OWNER = {
  db: null as unknown as Db,
  operator: { id: 1, companyId: 1, role: 'owner' as const, branchIds: 'all' as const },
  actor: { id: 1, label: 'owner@demo.test' },
  now: NOW,
};

/** The demo café survey's published document under a new slug: a valid import. */
export async function freshDocument(db: Db, slug = `matrix-${randomBytes(4).toString('hex')}`) {
  const [row] = await db.select().from(surveys).where(eq(surveys.id, 2));
  if (!row) throw new Error('no demo-cafe survey');
  const document = publishedDocument(row);
  return { ...document, survey: { ...document.survey, slug, name: `Survey ${slug}` } };
}

/**
 * A fresh survey of company 1 served at branch 1 only (version 1, with a draft), the company letting
 * managers edit surveys: the owner and branch 1's manager may edit it, the viewer only read it (O1.10).
 */
export async function branchOneSurvey({ h }: RowContext): Promise<{ id: number; slug: string }> {
  const db = h.database.db;
  await queryRows(db, sql`update companies set managers_edit_surveys = true where id = 1`);
  const document = await freshDocument(db);
  const { id } = await createSurvey({ ...OWNER, db }, { document, branchIds: [1] });
  await db.insert(surveyDrafts).values({ surveyId: id, document, basedOn: 1 });
  return { id, slug: document.survey.slug };
}

/** X-Draft-Revision as the console would send it now for the survey (O15.52). */
async function revisionHeaders({ h }: RowContext, id: number) {
  const [survey] = await queryRows<{ version: number }>(
    h.database.db,
    sql`select version from surveys where id = ${id}`,
  );
  const [draft] = await h.database.db
    .select({ digest: draftDigest })
    .from(surveyDrafts)
    .where(eq(surveyDrafts.surveyId, id));
  return { [DRAFT_REVISION_HEADER]: revisionOf(survey?.version ?? 1, draft?.digest) };
}

/** branchOneSurvey with the revision a change of its draft sends. */
async function changeableSurvey(ctx: RowContext) {
  const survey = await branchOneSurvey(ctx);
  return { ...survey, headers: await revisionHeaders(ctx, survey.id) };
}

const surveyRow = async ({ h }: RowContext, id: number) =>
  (
    await queryRows<{ version: number; active: boolean; name: string }>(
      h.database.db,
      sql`select version, active, name from surveys where id = ${id}`,
    )
  )[0];
const draftOf = async ({ h }: RowContext, id: number) =>
  (
    await queryRows<{ based_on: number; document: SurveyDocument }>(
      h.database.db,
      sql`select based_on, document from survey_drafts where survey_id = ${id}`,
    )
  )[0];

/** Reading a branch-1 survey (O1.9): whoever sees branch 1; anyone else finds none. */
const read: Record<ConsoleActor, Outcome> = {
  owner: 'sees',
  manager1: 'sees',
  manager2: 10014,
  viewer: 'sees',
  otherCompany: 10014,
  nobody: 10005,
};
/** Editing it (O1.10, managers allowed): the owner and branch 1's manager; the viewer reads only. */
const edit: Record<ConsoleActor, Outcome> = { ...read, viewer: 10034 };

const shows = (a: Answer, { id }: { id: number }) => a.status === 200 && a.body.data.id === id;

/** Rows of the survey editor's calls (issue 31, decision 0255). */
export const SURVEYS_ROWS: Record<string, ConsoleRow> = {
  [`GET ${CONSOLE}/surveys`]: {
    probes: [
      probe({
        prepare: branchOneSurvey,
        request: () => ({ method: 'GET', url: `${CONSOLE}/surveys` }),
        sees: (a, { id }) =>
          a.status === 200 && (a.body.data.items as { id: number }[]).some((s) => s.id === id),
        expect: { ...read, manager2: 'blind', otherCompany: 'blind' },
      }),
    ],
  },
  [`POST ${CONSOLE}/surveys`]: {
    probes: [
      probe({
        prepare: async (ctx) => {
          await branchOneSurvey(ctx);
          return { document: await freshDocument(ctx.h.database.db) };
        },
        request: ({ document }) => ({
          method: 'POST',
          url: `${CONSOLE}/surveys`,
          payload: { document, branchIds: [1] },
        }),
        sees: async (a, { document }, { h }) =>
          a.status === 201 &&
          (
            await queryRows(
              h.database.db,
              sql`select 1 from surveys where company_id = 1 and slug = ${document.survey.slug}`,
            )
          ).length === 1,
        // Branch 1 is not the other manager's, nor the other company's: as any branch they may not see.
        expect: { ...edit, manager2: 10012, otherCompany: 10012 },
      }),
    ],
  },
  [`GET ${CONSOLE}/surveys/:surveyId/document`]: {
    probes: [
      probe({
        prepare: branchOneSurvey,
        request: ({ id }) => ({ method: 'GET', url: `${CONSOLE}/surveys/${id}/document` }),
        sees: shows,
        expect: read,
      }),
    ],
  },
  [`PUT ${CONSOLE}/surveys/:surveyId/draft`]: {
    probes: [
      probe({
        prepare: async (ctx) => {
          const survey = await changeableSurvey(ctx);
          return { ...survey, document: await freshDocument(ctx.h.database.db, survey.slug) };
        },
        request: ({ id, document, headers }) => ({
          method: 'PUT',
          url: `${CONSOLE}/surveys/${id}/draft`,
          headers,
          payload: { ...document, survey: { ...document.survey, name: 'Changed by the matrix' } },
        }),
        sees: async (a, { id }, ctx) =>
          a.status === 200 && (await draftOf(ctx, id))?.document.survey.name === 'Changed by the matrix',
        expect: edit,
      }),
    ],
  },
  [`DELETE ${CONSOLE}/surveys/:surveyId/draft`]: {
    probes: [
      probe({
        prepare: changeableSurvey,
        request: ({ id, headers }) => ({ method: 'DELETE', url: `${CONSOLE}/surveys/${id}/draft`, headers }),
        sees: async (a, { id }, ctx) => a.status === 200 && (await draftOf(ctx, id)) === undefined,
        expect: edit,
      }),
    ],
  },
  [`POST ${CONSOLE}/surveys/:surveyId/publish`]: {
    probes: [
      probe({
        prepare: changeableSurvey,
        request: ({ id, headers }) => ({
          method: 'POST',
          url: `${CONSOLE}/surveys/${id}/publish`,
          headers,
          payload: {},
        }),
        sees: async (a, { id }, ctx) => a.status === 200 && (await surveyRow(ctx, id))?.version === 2,
        expect: edit,
      }),
    ],
  },
  [`GET ${CONSOLE}/surveys/:surveyId/versions`]: {
    probes: [
      probe({
        prepare: branchOneSurvey,
        request: ({ id }) => ({ method: 'GET', url: `${CONSOLE}/surveys/${id}/versions` }),
        sees: (a) => a.status === 200 && a.body.data.items[0]?.version === 1,
        expect: read,
      }),
    ],
  },
  [`POST ${CONSOLE}/surveys/:surveyId/versions/:version/restore`]: {
    probes: [
      probe({
        prepare: async (ctx) => {
          const survey = await branchOneSurvey(ctx);
          await queryRows(ctx.h.database.db, sql`delete from survey_drafts where survey_id = ${survey.id}`);
          return { ...survey, headers: await revisionHeaders(ctx, survey.id) };
        },
        request: ({ id, headers }) => ({
          method: 'POST',
          url: `${CONSOLE}/surveys/${id}/versions/1/restore`,
          headers,
          payload: {},
        }),
        sees: async (a, { id }, ctx) => a.status === 200 && (await draftOf(ctx, id))?.based_on === 1,
        expect: edit,
      }),
    ],
  },
  [`GET ${CONSOLE}/surveys/:surveyId/export`]: {
    probes: [
      probe({
        prepare: branchOneSurvey,
        request: ({ id }) => ({ method: 'GET', url: `${CONSOLE}/surveys/${id}/export?which=draft` }),
        sees: (a, { slug }) => a.status === 200 && a.body?.survey?.slug === slug,
        expect: read,
      }),
    ],
  },
  [`POST ${CONSOLE}/surveys/:surveyId/duplicate`]: {
    probes: [
      probe({
        prepare: branchOneSurvey,
        request: ({ id }) => ({ method: 'POST', url: `${CONSOLE}/surveys/${id}/duplicate`, payload: {} }),
        sees: async (a, { slug }, { h }) =>
          a.status === 201 &&
          (
            await queryRows(
              h.database.db,
              sql`select 1 from surveys where company_id = 1 and slug = ${`${slug}-copy`}`,
            )
          ).length === 1,
        expect: edit,
      }),
    ],
  },
  [`PATCH ${CONSOLE}/surveys/:surveyId`]: {
    probes: [
      probe({
        prepare: branchOneSurvey,
        request: ({ id }) => ({
          method: 'PATCH',
          url: `${CONSOLE}/surveys/${id}`,
          payload: { active: true },
        }),
        sees: async (a, { id }, ctx) => a.status === 200 && (await surveyRow(ctx, id))?.active === true,
        expect: edit,
      }),
    ],
  },
};
