import { dataEnvelope, TrackAction, trackAnswerSchema } from '@venue-voice/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { responseTracks } from '../../db/schema';
import { type ResponseRef, requireResponse } from '../../plugins/response-auth';
import { errorResponses } from '../error-responses';
import type { RouteDeps } from './index';

/** More actions than any sharing screen can produce in one go; a bigger batch is refused, not truncated. */
export const TRACK_ACTIONS_MAX = 50;

// trackPayloadSchema's shape with an upper bound, so one call cannot insert thousands of rows.
const body = z.object({
  actions: z
    .array(z.enum(TrackAction))
    .min(1)
    .max(TRACK_ACTIONS_MAX)
    .describe(`D3: ${TrackAction.join(', ')}`),
});
const response = dataEnvelope(trackAnswerSchema);

/** survey.track (D3): sharing actions of a response the caller holds the secret of, one row each. */
export const surveyTrackRoute: FastifyPluginAsyncZod<RouteDeps> = async (app, { db }) => {
  const holders = new WeakMap<FastifyRequest, ResponseRef>();
  app.post(
    '/track',
    {
      // Credentials before the body's shape: without a valid secret nothing about the body is told.
      preValidation: async (request) => {
        holders.set(request, await requireResponse(db, request));
      },
      schema: { tags: ['survey'], body, response: { 200: response, ...errorResponses } },
    },
    async (request) => {
      const ref = holders.get(request) as ResponseRef;
      const { actions } = request.body;
      // One statement: all the actions are stored, or none.
      await db.insert(responseTracks).values(actions.map((action) => ({ responseId: ref.id, action })));
      return { data: { recorded: actions.length } };
    },
  );
};
