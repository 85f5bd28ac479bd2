import { AppError, type CreatePayload, type ErrorCode, ErrorCodes } from '@venue-voice/domain';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/connection';
import { branches, transactions } from '../../db/schema';
import { parseId, type RequestContext } from '../../plugins/request-context';
import { findBranchSurvey, type SurveyRow } from '../../queries/context';

/** Where a create belongs: its survey, its branch (null when the guest gave none) and its receipt. */
export interface ResponseTarget {
  survey: SurveyRow;
  branchId: number | null;
  transactionId: number | null;
}

const field = (name: string, message: string, code: ErrorCode = ErrorCodes.PARAMETER_VALUE_INVALID) =>
  new AppError(code, {
    message,
    detail: { fields: [{ field: name, in: name.startsWith('x-') ? 'headers' : 'body', message }] },
  });

/** Web: the slug's survey (X-Template-Id, when sent, must name it). App: X-Template-Id, active at the device's branch. */
async function resolveSurvey(db: Db, ctx: RequestContext, rawTemplate: string | undefined) {
  if (rawTemplate !== undefined && !/^\d{1,10}$/.test(rawTemplate)) {
    throw field('x-template-id', 'X-Template-Id must be a number');
  }
  const templateId = rawTemplate === undefined ? undefined : parseId(rawTemplate);
  if (ctx.survey) {
    if (templateId !== undefined && templateId !== ctx.survey.id) {
      throw new AppError(ErrorCodes.INVALID_TEMPLATE_REFERENCE, { detail: { templateId: rawTemplate } });
    }
    return ctx.survey;
  }
  if (templateId === undefined) {
    throw field('x-template-id', 'X-Template-Id is required in app mode', ErrorCodes.PARAMETER_MISSING);
  }
  const survey = templateId === null ? null : await findBranchSurvey(db, ctx.branchId ?? 0, templateId);
  if (!survey) {
    throw new AppError(ErrorCodes.INVALID_TEMPLATE_REFERENCE, {
      message: 'This survey is not active at the device branch',
      detail: { templateId: rawTemplate },
    });
  }
  return survey;
}

/**
 * Web: X-Branch (already checked by the request context) or else the payload's urlParams.branchId,
 * which must be one of the survey's branches (10012). App: always the device's branch.
 */
async function resolveBranch(ctx: RequestContext, survey: SurveyRow, payload: CreatePayload) {
  if (ctx.device) return ctx.device.branchId;
  if (ctx.branchId !== null) return ctx.branchId;
  const raw = payload.urlParams.branchId?.trim();
  if (raw === undefined || raw === '') return null;
  const branchId = parseId(raw);
  if (branchId === null || !(await ctx.linked(survey.id, branchId))) {
    throw new AppError(ErrorCodes.INVALID_BRANCH_REFERENCE, {
      message: 'This branch does not belong to the survey',
      detail: { fields: [{ field: 'payload.urlParams.branchId', in: 'body', message: 'Unknown branch' }] },
    });
  }
  return branchId;
}

/**
 * The receipt's transaction (pinCode = survey.transaction's transactionRef, the id as text): it must be
 * a transaction of the company, at the response's branch when it has one, else at one of the survey's
 * branches. Anything else is 10009: a ref is never guessed into another venue's receipt.
 */
async function resolveTransaction(
  db: Db,
  ctx: RequestContext,
  survey: SurveyRow,
  branchId: number | null,
  pinCode: string,
) {
  const raw = pinCode.trim();
  if (raw === '') return { transactionId: null, branchId };
  const unknown = () => field('payload.pinCode', 'Unknown transaction reference');
  const id = /^\d{1,10}$/.test(raw) ? parseId(raw) : null;
  if (id === null) throw unknown();
  const rows = await db
    .select({ id: transactions.id, branchId: transactions.branchId })
    .from(transactions)
    .innerJoin(branches, eq(branches.id, transactions.branchId))
    .where(and(eq(transactions.id, id), eq(branches.companyId, ctx.company.id)))
    .limit(1);
  const found = rows[0];
  if (!found) throw unknown();
  if (branchId !== null) {
    if (found.branchId !== branchId) throw unknown();
  } else if (!(await ctx.linked(survey.id, found.branchId))) {
    throw unknown();
  }
  // A web guest who came by PIN alone gave no branch: the receipt says where they were.
  return { transactionId: found.id, branchId: found.branchId };
}

/**
 * Survey, branch and receipt of a create, from the caller's context and the payload; throws the spec's
 * codes. Survey ↔ branch links come from the context's cache (`ctx.linked`); `template` is the template
 * id the create names (X-Template-Id, or a queued batch item's own).
 */
export async function resolveTarget(
  db: Db,
  ctx: RequestContext,
  payload: CreatePayload,
  template: string | undefined,
): Promise<ResponseTarget> {
  const survey = await resolveSurvey(db, ctx, template);
  const branchId = await resolveBranch(ctx, survey, payload);
  const resolved = await resolveTransaction(db, ctx, survey, branchId, payload.pinCode);
  return { survey, ...resolved };
}
