import {
  dataEnvelope,
  errorEnvelopeSchema,
  submitRequestSchema,
  submitResponseSchema,
  supplementResultSchema,
} from '@venue-voice/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type ResponseRef, requireResponse } from '../../plugins/response-auth';
import { botTokenOf, requireHuman } from '../../services/bot-check';
import { createResponse } from '../../services/responses/create-response';
import { createResponseWriter } from '../../services/responses/insert-responses';
import { staffMembersOf } from '../../services/responses/staff-members';
import { supplementResponse } from '../../services/responses/supplement-response';
import { VersionDocuments } from '../../services/survey-versions';
import { errorResponses } from '../error-responses';
import { kickAlerts } from './alert-kick';
import { createCall } from './create-call';
import type { RouteDeps } from './index';

/** A supplement answers the response it added to (decision 0022). */

const response = dataEnvelope(z.union([submitResponseSchema, supplementResultSchema]));

/**
 * survey.submit (G7, D3): `create` stores a response once per guid and answers id, secret, is_ai_valid
 * and the voucher it was given; `supplement` adds to a response the caller holds the secret of.
 */
export const surveySubmitRoute: FastifyPluginAsyncZod<RouteDeps> = async (app, deps) => {
  const { db, clock } = deps;
  const random = deps.random ?? Math.random;
  // A thanked member's branch is checked on every create (D3.18): read once per TTL.
  const staff = staffMembersOf(deps.cacheTtlMs ?? 0);
  const versions = deps.versions ?? new VersionDocuments();
  // Concurrent creates share one statement (group commit): the submit bench's CPU profile.
  const write = createResponseWriter(db, () => clock.now());
  const limiters = deps.createLimiters;
  if (!limiters) throw new Error('survey.submit needs the anonymous create limits (buildApp passes them)');
  const holders = new WeakMap<FastifyRequest, ResponseRef>();
  app.post(
    '/submit',
    {
      // The alert pass after the answer (decision 0247): nothing more in the create's own statement.
      onResponse: kickAlerts(deps),
      // Credentials before the body's shape: a supplement without a valid secret learns nothing more.
      preValidation: async (request) => {
        const body = request.body as { type?: unknown } | null;
        if (body?.type === 'supplement') holders.set(request, await requireResponse(db, request));
      },
      schema: {
        tags: ['survey'],
        description:
          'create: idempotent by payload.guid (same guid and payload: the first answer; another payload: 409). ' +
          'supplement: needs X-Response-Id and X-Response-Secret.',
        body: submitRequestSchema,
        response: { 200: response, ...errorResponses, 409: errorEnvelopeSchema, 503: errorEnvelopeSchema },
      },
    },
    async (request) => {
      const { body } = request;
      if (body.type === 'create') {
        const call = createCall(request);
        // Web creates only: a tablet is a registered device, and supplements need the response's secret.
        if (deps.botCheck && !call.ctx.device) {
          await requireHuman(deps.botCheck, {
            token: botTokenOf(request.headers),
            address: call.address,
            log: request.log,
          });
        }
        return {
          data: await createResponse(
            { db, clock, random, write, limiters, staff, versions },
            call,
            body.payload,
          ),
        };
      }
      const ref = holders.get(request) ?? (await requireResponse(db, request));
      return { data: await supplementResponse(db, ref, body.payload, clock.now()) };
    },
  );
};
