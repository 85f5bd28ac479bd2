import { dataEnvelope, uploadDeleteAnswerSchema } from '@venue-voice/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type ResponseRef, requireResponse } from '../../plugins/response-auth';
import { removePhoto } from '../../services/images/photo-store';
import { uploadJsonSchema } from '../../services/images/upload-request';
import { errorResponses } from '../error-responses';
import type { RouteDeps } from './index';

const answer = uploadDeleteAnswerSchema;

/**
 * survey.upload.delete: removes the response's photo row, then its files. Idempotent: deleting
 * nothing answers 200 too. The client hides this call's errors (G8), but they keep the envelope.
 */
export const surveyUploadDeleteRoute: FastifyPluginAsyncZod<RouteDeps> = async (app, deps) => {
  const { db } = deps;
  const { storage } = deps;
  const holders = new WeakMap<FastifyRequest, ResponseRef>();

  app.post(
    '/upload/delete',
    {
      schema: {
        tags: ['survey'],
        description:
          'No body needed (or the upload json part, {"kind":"photo"}). Needs X-Response-Id and X-Response-Secret.',
        body: uploadJsonSchema.nullish(),
        response: { 200: dataEnvelope(answer), ...errorResponses },
      },
      // Credentials before the body's shape, as for every response call.
      preValidation: async (request) => {
        holders.set(request, await requireResponse(db, request));
      },
    },
    async (request) => {
      const ref = holders.get(request) ?? (await requireResponse(db, request));
      const deleted = await removePhoto({ db, storage, log: request.log }, ref.id);
      return { data: { deleted } };
    },
  );
};
