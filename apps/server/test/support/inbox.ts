import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../src/db/connection';
import { responseUploads } from '../../src/db/schema';
import { insertResponses, type NewResponse } from '../../src/services/responses/insert-responses';
import { NOW } from '../harness';

/** What a test response says; everything optional but its company, branch, survey and visit time. */
export interface TestResponse {
  companyId?: number;
  branchId: number | null;
  surveyId?: number;
  visit: string;
  source?: 'web' | 'app';
  language?: string | null;
  csat?: number | null;
  nps?: number | null;
  complaint?: boolean;
  staffId?: number | null;
  questions?: unknown[];
  indicators?: { id: number; score: number }[];
  staff?: unknown;
  transactionId?: number | null;
  userAgent?: string;
}

/** A create's row as survey.submit would store it, straight into insertResponses. */
export function testResponse(r: TestResponse): NewResponse {
  const answers = {
    questions: r.questions ?? [],
    indicators: r.indicators ?? [],
    csatScore: r.csat ?? null,
    npsScore: r.nps ?? null,
  };
  const payload = {
    visitDatetime: r.visit,
    userAgent: r.userAgent ?? 'Mozilla/5.0 (test)',
    staffId: r.staffId ?? null,
    answers,
    ...(r.staff ? { staff: r.staff } : {}),
  };
  return {
    row: {
      companyId: r.companyId ?? 1,
      branchId: r.branchId,
      surveyId: r.surveyId ?? 1,
      guid: randomUUID(),
      payloadHash: 'test',
      payload,
      visitDatetime: r.visit,
      authType: r.source ?? 'web',
      transactionId: r.transactionId ?? null,
      csatScore: r.csat ?? null,
      npsScore: r.nps ?? null,
      staffId: r.staffId ?? null,
      triggerComplaint: r.complaint ?? false,
      language: r.language === undefined ? 'en-gb' : r.language,
    },
    draw: null,
  };
}

/** Stores the responses, in order, and answers their ids. */
export async function storeResponses(db: Db, list: TestResponse[]): Promise<number[]> {
  const creates = list.map(testResponse);
  const stored = await insertResponses(db, creates, NOW);
  return creates.map((c) => {
    const found = stored.get(c.row.guid.toLowerCase());
    if (!found) throw new Error('a test response was not stored');
    return found.id;
  });
}

/** A photo row for a response (the bytes are another test's business: upload-*.test.ts). */
export async function attachPhoto(db: Db, responseId: number, name = 'a'.repeat(32)): Promise<void> {
  await db.insert(responseUploads).values({
    responseId,
    storageKey: `photos/${responseId}/${name}.jpg`,
    thumbnailKey: `photos/${responseId}/${name}-thumb.jpg`,
    contentType: 'image/jpeg',
    width: 800,
    height: 600,
    bytes: 1234,
  });
}

/** A staff member of a branch (the demo's first). */
export async function staffOf(db: Db, branchId: number): Promise<{ id: number; name: string }> {
  const [row] = await queryRows<{ id: number; name: string }>(
    db,
    sql`select id, display_name as name from staff_members where branch_id = ${branchId} order by id limit 1`,
  );
  if (!row) throw new Error(`branch ${branchId} has no staff`);
  return row;
}

/** The id of the survey with this slug. */
export async function surveyIdOf(db: Db, slug: string): Promise<number> {
  const [row] = await queryRows<{ id: number }>(db, sql`select id from surveys where slug = ${slug}`);
  if (!row) throw new Error(`no survey ${slug}`);
  return row.id;
}
