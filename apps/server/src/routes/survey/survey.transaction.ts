import {
  AppError,
  dataEnvelope,
  ErrorCodes,
  errorEnvelopeSchema,
  lookupVisitDateTime,
  PinType,
  readLookupVisit,
  transactionResponseSchema,
} from '@venue-voice/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/connection';
import { flagParam, textParam } from '../../lib/params';
import { parseId, type RequestContext } from '../../plugins/request-context';
import { findBranchInZone } from '../../queries/branches';
import { findBranchSurvey, surveyHasBranch } from '../../queries/context';
import { limitLookup, lookupTargets } from '../../services/rate-limit/lookup-limit';
import { type LookupKey, lookupTransaction } from '../../services/transaction-lookup';
import { errorResponses } from '../error-responses';
import type { RouteDeps } from './index';

const idText = (max: number) =>
  z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.string().regex(/^\d+$/, 'Expected digits').max(max).optional(),
  );

const querystring = z.object({
  branchId: idText(12).describe('Defaults to X-Branch (web) or the device branch (app)'),
  templateId: idText(10).describe('Also accepted as the X-Template-Id header'),
  pinType: z.preprocess((v) => (v === '' ? undefined : v), z.enum(PinType).default(PinType.PIN)),
  date: textParam(32).describe('`now` or the visit date-time (YYYY-MM-DD HH:mm[:ss], DD-MM-YYYY …)'),
  noVisit: flagParam().describe('true: the visit is now'),
  pin: textParam(64).describe('Receipt PIN or PVE reference; wins over tableId when both are given'),
  tableId: textParam(64).describe('Table number: a whole number of up to 4 digits, leading zeros aside'),
  checkId: textParam(64),
  txSource: textParam(64).describe('Where the guest came from (informational)'),
  api: textParam(64).describe('Calling integration (informational)'),
});
const response = dataEnvelope(transactionResponseSchema);

const missing = (field: string, message: string) =>
  new AppError(ErrorCodes.PARAMETER_MISSING, {
    message,
    detail: { fields: [{ field, in: 'querystring', message }] },
  });

/** The survey the lookup is for: it must be the caller's, active, and linked to EPOS (10024). */
async function resolveSurvey(db: Db, ctx: RequestContext, rawTemplateId: string | undefined) {
  const templateId = rawTemplateId === undefined ? undefined : parseId(rawTemplateId);
  let survey = ctx.survey;
  if (survey) {
    if (templateId !== undefined && templateId !== survey.id)
      throw new AppError(ErrorCodes.INVALID_TEMPLATE_REFERENCE);
  } else {
    if (templateId === undefined) throw missing('templateId', 'templateId is required in app mode');
    survey = templateId === null ? null : await findBranchSurvey(db, ctx.branchId ?? 0, templateId);
    if (!survey) throw new AppError(ErrorCodes.INVALID_TEMPLATE_REFERENCE);
  }
  if (!survey.eposEnabled) throw new AppError(ErrorCodes.TRANSACTION_NO_EPOS);
  return survey;
}

/** survey.transaction: the EPOS transaction of a receipt PIN, PVE reference or table number. */
export const surveyTransactionRoute: FastifyPluginAsyncZod<RouteDeps> = async (
  app,
  { db, clock, rateLimiter: limiter },
) => {
  // Guessable numbers are rate limited (decision 0051): failed lookups per caller and per PIN.
  app.get(
    '/transaction',
    {
      schema: {
        tags: ['survey'],
        querystring,
        response: {
          200: response,
          ...errorResponses,
          409: errorEnvelopeSchema,
          429: errorEnvelopeSchema,
          503: errorEnvelopeSchema,
        },
      },
    },
    async (request) => {
      const { ctx, query } = request;
      const headerTemplate = request.headers['x-template-id'];
      const rawTemplate =
        query.templateId ??
        (typeof headerTemplate === 'string' && headerTemplate !== '' ? headerTemplate : undefined);
      if (rawTemplate !== undefined && !/^\d{1,10}$/.test(rawTemplate)) {
        throw new AppError(ErrorCodes.PARAMETER_VALUE_INVALID, { message: 'templateId must be a number' });
      }
      const survey = await resolveSurvey(db, ctx, rawTemplate);

      const rawBranch = query.branchId ?? (ctx.branchId === null ? undefined : String(ctx.branchId));
      if (rawBranch === undefined) throw missing('branchId', 'branchId is required');
      let key: LookupKey;
      if (query.pin !== undefined) key = { kind: 'pin', pinType: query.pinType, value: query.pin };
      else if (query.tableId !== undefined)
        key = { kind: 'table', value: query.tableId, checkId: query.checkId };
      else throw missing('pin', 'Give a pin or a tableId');

      // A bad date is a bad request, found before any read of the branch.
      const visit = readLookupVisit(query.date, query.noVisit ?? false);
      if (!visit) {
        throw new AppError(ErrorCodes.PARAMETER_VALUE_INVALID, {
          message: 'date must be now or a date-time such as 2025-03-01 19:30',
          detail: { fields: [{ field: 'date', in: 'querystring', message: 'Invalid date-time' }] },
        });
      }

      // The branch must be reachable: the device's own, or (web) one of the survey's branches.
      const branchId = parseId(rawBranch);
      let found = branchId === null ? null : await findBranchInZone(db, ctx.company.id, branchId);
      if (found && ctx.device && found.branch.id !== ctx.device.branchId) found = null;
      if (found && !ctx.device && !(await surveyHasBranch(db, survey.id, found.branch.id))) found = null;
      const branch = found?.branch ?? null;
      // G4.89, G4.90: times on the branch's wall clock (decision 0265). A branch the caller may not reach
      // lends no zone (its answer is NO-BRANCH): its `now` is UTC, as before branches had zones.
      const timeZone = found?.timeZone ?? 'UTC';
      const dateTime = lookupVisitDateTime(visit, clock.now(), timeZone);

      request.log.info({ txSource: query.txSource, api: query.api, kind: key.kind }, 'transaction lookup');
      const targets = lookupTargets({
        companyId: ctx.company.id,
        surveyId: ctx.survey?.id ?? null,
        deviceId: ctx.device?.id ?? null,
        address: request.ip,
        branch: rawBranch,
        key,
      });
      const data = await limitLookup(
        { limiter, log: request.log, now: clock.now() },
        targets,
        () => lookupTransaction(db, { companyId: ctx.company.id, branch, timeZone, key, dateTime }),
        (found) => found.pin.validData,
      );
      return { data };
    },
  );
};
