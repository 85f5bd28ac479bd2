import {
  AppError,
  createPayloadSchema,
  dataEnvelope,
  ErrorCodes,
  errorEnvelopeSchema,
  id,
  type SupplementPayload,
  submitResponseSchema,
  supplementPayloadSchema,
  supplementResultSchema,
} from '@venue-voice/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/connection';
import { responses } from '../../db/schema';
import { toAppError } from '../../plugins/errors';
import type { ResponseRef } from '../../plugins/response-auth';
import { createResponse } from '../../services/responses/create-response';
import { responseSecretKey, shareResponseSecretKey } from '../../services/responses/response-secret';
import { staffMembersOf } from '../../services/responses/staff-members';
import { supplementResponse } from '../../services/responses/supplement-response';
import type { CreatedResponse } from '../../services/retention/contact-given-at';
import { VersionDocuments } from '../../services/survey-versions';
import { errorResponses } from '../error-responses';
import { kickAlerts } from './alert-kick';
import { createCall } from './create-call';
import type { RouteDeps } from './index';
import { itemProblem } from './survey.submit.batch-items';

/** Most items one batch may carry (decision 0090); the tablet sends its queue in slices of this size. */
export const BATCH_MAX_ITEMS = 100;

const itemSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('create'),
    templateId: id,
    payload: createPayloadSchema,
    // D4.64: true only when the tablet's guest waits at the screen for this answer; else no voucher.
    offerVoucher: z.boolean().optional(),
  }),
  z.object({ type: z.literal('supplement'), guid: z.uuid(), payload: supplementPayloadSchema }),
]);

const itemResult = z.object({
  status: z.number().int(),
  data: z.union([submitResponseSchema, supplementResultSchema]).optional(),
  error: errorEnvelopeSchema.shape.error.optional(),
});
type ItemResult = z.infer<typeof itemResult>;

/**
 * A supplement names its response by guid: it must be a response of the device's company and branch.
 * Unknown and foreign guids look the same (401 10029, as a wrong secret does for survey.submit).
 */
async function responseByGuid(
  db: Db,
  request: FastifyRequest,
  guid: string,
): Promise<ResponseRef & CreatedResponse> {
  const rows = await db
    .select({
      id: responses.id,
      surveyId: responses.surveyId,
      companyId: responses.companyId,
      branchId: responses.branchId,
      // What the contact details' dating needs (decision 0144), read here instead of again by the supplement.
      authType: responses.authType,
      surveyCompleted: sql<string | null>`${responses.payload}->>'surveyCompleted'`,
    })
    .from(responses)
    .where(and(eq(responses.guid, guid), eq(responses.companyId, request.ctx.company.id)))
    .limit(1);
  const row = rows[0];
  if (!row || row.branchId !== request.ctx.device?.branchId) {
    throw new AppError(ErrorCodes.INVALID_RESPONSE_REFERENCE, {
      message: 'No response of this device with this guid',
    });
  }
  return row;
}

/** A supplement item in its savepoint: the response read once, no savepoint of the supplement's own. */
async function supplementItem(
  db: Db,
  request: FastifyRequest,
  guid: string,
  payload: SupplementPayload,
  now: Date,
) {
  const { authType, surveyCompleted, ...ref } = await responseByGuid(db, request, guid);
  return supplementResponse(db, ref, payload, now, {
    created: { authType, surveyCompleted },
    inTransaction: true,
  });
}

const failed = (error: AppError): ItemResult => ({ status: error.status, error: error.toBody().error });

/**
 * survey.submit.batch (decision 0090): the tablet's queued creates and supplements, in order, each
 * handled exactly as survey.submit handles it (a create is idempotent by guid, in its own transaction),
 * each answered in order with its status and data or error. A bad item is refused alone; at a fault of
 * ours (5xx) the batch stops and the items after it are answered 503 unprocessed, so order is kept.
 * The items share one transaction, each in its own savepoint.
 */
export const surveySubmitBatchRoute: FastifyPluginAsyncZod<RouteDeps> = async (app, deps) => {
  const { db, clock } = deps;
  const random = deps.random ?? Math.random;
  // A thanked member's branch is checked on every create (D3.18): read once per TTL.
  const staff = staffMembersOf(deps.cacheTtlMs ?? 0);
  const versions = deps.versions ?? new VersionDocuments();
  app.post(
    '/submit/batch',
    {
      bodyLimit: 4 * 1_048_576,
      // The alert pass after the answer (decision 0247): a late upload alerts as it arrives.
      onResponse: kickAlerts(deps),
      preValidation: async (request) => {
        if (!request.ctx.device) {
          throw new AppError(ErrorCodes.NOT_AUTHENTICATED, {
            message: 'survey.submit.batch is for registered devices (X-Auth-Type: app)',
          });
        }
      },
      schema: {
        tags: ['survey'],
        description:
          `App mode only. Up to ${BATCH_MAX_ITEMS} items, each { type: "create", templateId, payload, offerVoucher? } or ` +
          '{ type: "supplement", guid, payload }; answers results[] in order: { status, data } or { status, error }.',
        body: z.object({ items: z.array(z.unknown()).min(1).max(BATCH_MAX_ITEMS) }),
        response: { 200: dataEnvelope(z.object({ results: z.array(itemResult) })), ...errorResponses },
      },
    },
    async (request) => {
      const results: ItemResult[] = [];
      // One transaction per batch, one savepoint per item: a refused item rolls back alone, and a
      // batch commits once instead of once per create and supplement (decision 0090). The answer is
      // sent only after the commit, so an answer always describes what is stored.
      // Read (or made) now, outside the transaction, and shared with every item's savepoint below.
      await responseSecretKey(db);
      await db.transaction(async (tx) => {
        let stopped = false;
        for (const [index, raw] of request.body.items.entries()) {
          if (stopped) {
            results.push(
              failed(new AppError(ErrorCodes.SERVICE_UNAVAILABLE, { message: 'Not processed, send again' })),
            );
            continue;
          }
          const parsed = itemSchema.safeParse(raw);
          if (!parsed.success) {
            results.push(failed(itemProblem(index, raw, parsed.error)));
            continue;
          }
          const item = parsed.data;
          try {
            const data = await tx.transaction(async (savepoint) => {
              const itemDb = savepoint as unknown as Db;
              shareResponseSecretKey(db, itemDb);
              return item.type === 'create'
                ? createResponse(
                    { db: itemDb, clock, random, staff, versions },
                    createCall(request, item),
                    item.payload,
                  )
                : await supplementItem(itemDb, request, item.guid, item.payload, clock.now());
            });
            results.push({ status: 200, data });
          } catch (error) {
            const appError = toAppError(error, request);
            if (appError.status >= 500) {
              request.log.error({ err: error, item: index }, 'batch item failed');
              stopped = true;
            }
            results.push(failed(appError));
          }
        }
      });
      return { data: { results } };
    },
  );
};
