import {
  AppError,
  type CreatePayload,
  ErrorCodes,
  feedbackAlertOf,
  type Question,
  type QuestionAnswer,
  type Random,
  type SubmitResponse,
  type Survey,
} from '@venue-voice/domain';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/connection';
import { responses, surveys } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import type { RequestContext } from '../../plugins/request-context';
import { type CreateLimiters, createTargets, voucherTargets } from '../rate-limit/create-limits';
import { reserveAttempt, type ServiceLog } from '../rate-limit/reserve-attempt';
import { isAiValidFor } from '../suggestion';
import type { VersionDocuments } from '../survey-versions';
import { drawVoucher, findIssuedVoucher, issuedFrom } from '../vouchers/issue-voucher';
import { assertAnswerLimits } from './answer-limits';
import {
  type AnsweredVersion,
  answeredVersion,
  assertCreateFits,
  withoutClaimedTransaction,
} from './create-checks';
import { isUniqueViolation } from './db-errors';
import { insertResponses, type NewResponse, type Stored } from './insert-responses';
import { offlineReceipt } from './offline-receipt';
import { canonicalHash, canonicalJson } from './payload-hash';
import { type ResponseTarget, resolveTarget } from './resolve-target';
import { deriveResponseSecret } from './response-secret';
import type { StaffMembers } from './staff-members';
import { assertStorable } from './storable';

export interface CreateDeps {
  db: Db;
  clock: Clock;
  random: Random;
  /** Who belongs to which branch (D3.18), read once per TTL. */
  staff: StaffMembers;
  /** The survey versions creates name (decision 0256): one per app, immutable, so kept. */
  versions: VersionDocuments;
  /** Stores the create grouped with concurrent ones (createResponseWriter); default a statement of its own. */
  write?: (create: NewResponse) => Promise<Stored>;
  /**
   * The limits of anonymous creates (decision 0189): needed for a web create (survey.submit passes
   * them); survey.submit.batch takes tablets' creates only.
   */
  limiters?: CreateLimiters;
}

/**
 * Who creates, in plain data (a route reads it off the request; a job or a report could make one): the
 * caller's context, its address, where to log, and what the create names besides its payload.
 */
export interface CreateCall {
  ctx: RequestContext;
  /** The client address the anonymous limits count (Fastify's request.ip, decision 0146). */
  address: string;
  log: ServiceLog;
  /** The template the create names: X-Template-Id, or a queued batch item's. */
  template: string | undefined;
  /** App mode: the guest waits at the screen for the answer (X-Voucher-Offer, a batch item's offerVoucher). */
  offerVoucher: boolean;
}

/** What a web create has reserved of its address's and survey's limits; released when nothing new was stored. */
interface Admission {
  create: () => Promise<void>;
  voucher: (() => Promise<void>) | null;
}

/** Releases what a create reserved but did not use; a broken counter store is logged, never the guest's error. */
async function giveBack(admission: Admission, kept: { create: boolean; voucher: boolean }, log: ServiceLog) {
  try {
    if (!kept.create) await admission.create();
    if (admission.voucher && !kept.voucher) await admission.voucher();
  } catch (error) {
    log.error({ err: error }, 'create limit store unavailable');
  }
}

/**
 * D3.20 D3.21 A web create counts against its address and survey (429 10021 past the limit), and a
 * voucher without a receipt or table check behind it against the address's daily allowance: past it
 * the create is stored without one. A tablet (registered device) is not limited.
 */
async function admit(
  deps: CreateDeps,
  call: CreateCall,
  target: ResponseTarget,
  wantsVoucher: boolean,
): Promise<Admission | null> {
  if (call.ctx.device) return null;
  const { limiters } = deps;
  if (!limiters) throw new Error('a web create needs the anonymous create limits');
  const now = deps.clock.now();
  const targets = createTargets(call.ctx.company.id, call.address, target.survey.id, limiters.limits);
  const create = await reserveAttempt(
    { limiter: limiters.creates, log: call.log, now },
    targets,
    (minutes) => `Too many surveys sent from this address; try again in ${minutes} min`,
  );
  if (!wantsVoucher || target.transactionId !== null) return { create, voucher: null };
  const voucher = await limiters.vouchers.reserve(voucherTargets(call.address), now).catch((error) => {
    // Without the counter the voucher is not given: the survey is still stored.
    call.log.error({ err: error }, 'voucher allowance store unavailable');
    return { allowed: false as const, retryAfterSeconds: 0 };
  });
  return { create, voucher: voucher.allowed ? voucher.release : null };
}

/** The same guid with another payload (or for another company): refused, never merged (decision 0020). */
const guidReused = () =>
  new AppError(ErrorCodes.PARAMETER_VALUE_INVALID, {
    status: 409,
    message: 'This guid was already used for a different response',
    detail: {
      reason: 'GUID_REUSED',
      fields: [{ field: 'payload.guid', in: 'body', message: 'Already used for a different response' }],
    },
  });

/**
 * The stored answer of an earlier create with this guid, or null when there is none. Same payload (by
 * hash) and company: the first id, secret and voucher; anything else is a reused guid (409).
 */
async function replay(db: Db, companyId: number, guid: string, hash: string): Promise<SubmitResponse | null> {
  const rows = await db
    .select({
      id: responses.id,
      companyId: responses.companyId,
      payloadHash: responses.payloadHash,
      isAiValid: responses.isAiValid,
      definition: surveys.definition,
    })
    .from(responses)
    .innerJoin(surveys, eq(surveys.id, responses.surveyId))
    .where(eq(responses.guid, guid))
    .limit(1);
  const row = rows[0];
  if (!row) return null;
  if (row.companyId !== companyId || row.payloadHash !== hash) throw guidReused();
  const vouchers = (row.definition as Survey).vouchers ?? [];
  return {
    id: row.id,
    secret: await deriveResponseSecret(db, guid),
    is_ai_valid: row.isAiValid,
    voucher: vouchers.length > 0 ? await findIssuedVoucher(db, row.id, vouchers) : null,
  };
}

/** D3.10 computed here from the survey's own questions: a shown triggerComplaint question was answered. */
function triggersComplaint(questions: readonly Question[], payload: CreatePayload): boolean {
  const answers: Record<number, QuestionAnswer> = {};
  for (const { id, answer } of payload.answers.questions) answers[id] = answer;
  return feedbackAlertOf(questions, payload.questionMap, answers);
}

const score = (value: number | null) => (value === null ? null : Math.round(value));

/**
 * D4.64 (issue 26 item 16, decision 0182): whether the create may be given a voucher. A web guest waits
 * for the answer; a tablet's create only when it says its guest waits at the screen (the header, or a
 * batch item's flag), so a survey uploaded later never draws a voucher nobody sees.
 */
function voucherOffered(call: CreateCall): boolean {
  return call.ctx.device ? call.offerVoucher : true;
}

/**
 * survey.submit create: one statement (insertResponses, possibly shared with concurrent creates) that
 * inserts the response (idempotent by guid through the unique index: insert … on conflict do nothing,
 * then read) and, when the survey has vouchers, gives it a code. A receipt's transaction backs one
 * response: the partial unique index answers 10031.
 */
export async function createResponse(
  deps: CreateDeps,
  call: CreateCall,
  sent: CreatePayload,
): Promise<SubmitResponse> {
  const { db } = deps;
  const companyId = call.ctx.company.id;
  assertStorable(sent, { staffId: sent.staffId });
  // The canonical text of what was sent is hashed (a resend matches it); what is stored leaves out the
  // client's copy of the receipt (D3.19) and, as JSON, goes into the statement as it is.
  const sentJson = canonicalJson(sent);
  const hash = canonicalHash(sentJson);
  const payload = withoutClaimedTransaction(sent);
  const payloadJson = payload === sent ? sentJson : canonicalJson(payload);

  let target: Awaited<ReturnType<typeof resolveTarget>>;
  let answered: AnsweredVersion;
  try {
    target = await resolveTarget(db, call.ctx, payload, call.template);
    // Checked against the version the guest answered, not whatever was published since (decision 0256).
    answered = await answeredVersion(deps.versions, db, target, payload);
    await assertAnswerLimits(db, companyId, answered, payload);
    await assertCreateFits({ members: deps.staff, db }, target, answered, payload, deps.clock.now());
  } catch (error) {
    // A retry of a create that was stored before its survey, branch or limits changed still gets its answer.
    if (error instanceof AppError) {
      const stored = await replay(db, companyId, payload.guid, hash);
      if (stored) return stored;
    }
    throw error;
  }
  const definition = target.survey.definition as Survey;
  const offered = voucherOffered(call) ? (definition.vouchers ?? []) : [];
  let admission: Admission | null;
  try {
    admission = await admit(deps, call, target, offered.length > 0);
  } catch (error) {
    // A resend of a stored create gets its answer even once its address is over the limit.
    const stored = await replay(db, companyId, payload.guid, hash);
    if (stored) return stored;
    throw error;
  }
  // A web create past its address's voucher allowance is stored without one.
  const vouchers = admission && target.transactionId === null && !admission.voucher ? [] : offered;
  // What the admission reserved counts only for a response stored now (a resend or a refusal gives it back).
  let kept = { create: false, voucher: false };
  try {
    // A receipt PIN the tablet could not look up offline is looked up now (D3.11).
    const receiptId = await offlineReceipt(db, {
      fromDevice: call.ctx.device !== null,
      eposEnabled: target.survey.eposEnabled,
      branchId: target.branchId,
      pinCode: payload.pinCode,
      receiptPin: payload.receiptPin,
    });
    const transactionId = target.transactionId ?? receiptId;
    // G7.18: suggestions on for the survey and enough positive facts in this guest's own answers, read
    // against the version and language the guest answered in.
    const isAiValid = await isAiValidFor(
      db,
      call.ctx.company,
      { document: answered.document, language: call.ctx.language },
      payload,
    );

    const create: NewResponse = {
      row: {
        companyId,
        branchId: target.branchId,
        surveyId: target.survey.id,
        guid: payload.guid,
        payloadHash: hash,
        payload,
        visitDatetime: payload.visitDatetime,
        authType: call.ctx.authType,
        transactionId,
        staffId: payload.staffId,
        tableId: payload.url_params?.table_id ?? null,
        csatScore: score(payload.answers.csatScore),
        npsScore: score(payload.answers.npsScore),
        feedbackAlert: payload.feedbackAlert,
        triggerComplaint: triggersComplaint(answered.questions, payload),
        managerFeedback: payload.managerFeedbackIndicatorRulePassed,
        recommendationPermitted: payload.recommendationPermitted,
        isAiValid,
        language: call.ctx.language,
        surveyVersion: answered.version,
      },
      draw: vouchers.length === 0 ? null : drawVoucher(vouchers, deps.random),
      payloadJson,
    };
    let created: Stored;
    try {
      created = deps.write
        ? await deps.write(create)
        : ((await insertResponses(db, [create], deps.clock.now())).get(payload.guid.toLowerCase()) ?? null);
    } catch (error) {
      if (!isUniqueViolation(error, 'responses_transaction_key')) throw error;
      // A concurrent retry of this very create may hold the receipt: then it is ours, not a second use.
      const stored = await replay(db, companyId, payload.guid, hash);
      if (stored) return stored;
      // The offline receipt was taken meanwhile by another response: sent again, this one is kept without it.
      if (receiptId !== null && target.transactionId === null)
        throw new AppError(ErrorCodes.SERVICE_UNAVAILABLE, { message: 'Please send the survey again' });
      throw new AppError(ErrorCodes.TRANSACTION_PIN_ALREADY_USED, {
        ui: true,
        detail: { fields: [{ field: 'payload.pinCode', in: 'body', message: 'Receipt already used' }] },
      });
    }

    if (created) {
      kept = { create: true, voucher: created.code !== null };
      const secret = await deriveResponseSecret(db, payload.guid);
      const voucher = issuedFrom(vouchers, created.voucherId, created.code);
      return { id: created.id, secret, is_ai_valid: isAiValid, voucher };
    }
    // The guid's row exists (inserted before, or by a concurrent create that committed first).
    const stored = await replay(db, companyId, payload.guid, hash);
    if (!stored)
      throw new AppError(ErrorCodes.SERVICE_UNAVAILABLE, { message: 'Please send the survey again' });
    return stored;
  } finally {
    if (admission) await giveBack(admission, kept, call.log);
  }
}
