import multipart from '@fastify/multipart';
import { dataEnvelope, errorEnvelopeSchema, uploadAnswerSchema } from '@venue-voice/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireResponse } from '../../plugins/response-auth';
import { processPhoto } from '../../services/images';
import { replacePhoto } from '../../services/images/photo-store';
import { multipartOptions, parseUploadJson, readUploadParts } from '../../services/images/upload-request';
import { errorResponses } from '../error-responses';
import type { RouteDeps } from './index';

/**
 * survey.upload.upsert: the guest's photo for a response they hold the secret of. The image is checked
 * by its bytes, re-encoded without metadata and stored with a thumbnail; it replaces an earlier photo.
 */
export const surveyUploadUpsertRoute: FastifyPluginAsyncZod<RouteDeps> = async (app, deps) => {
  const { db, clock } = deps;
  const { storage } = deps;
  // Registered here, not on the app: only this route reads multipart, every other body stays JSON.
  await app.register(multipart, multipartOptions);
  // An answer sent before the body was read to its end (a refusal, 401, 413) closes the connection:
  // Node then ends the socket once the answer is out, instead of reading on through whatever the
  // client still sends in order to reuse the connection.
  app.addHook('onSend', async (request, reply) => {
    if (!request.raw.readableEnded) reply.header('connection', 'close');
  });

  app.post(
    '/upload/upsert',
    {
      schema: {
        tags: ['survey'],
        consumes: ['multipart/form-data'],
        description:
          'multipart/form-data: part `json` ({"kind":"photo"}) and part `image` (JPEG, PNG, WebP or GIF, ' +
          'under 10,000,000 bytes and 40 megapixels). Needs X-Response-Id and X-Response-Secret.',
        response: {
          200: dataEnvelope(uploadAnswerSchema),
          ...errorResponses,
          413: errorEnvelopeSchema,
          415: errorEnvelopeSchema,
          503: errorEnvelopeSchema,
        },
      },
    },
    async (request) => {
      // Credentials before a byte of the body is read.
      const ref = await requireResponse(db, request);
      const parts = await readUploadParts(request);
      parseUploadJson(parts.json);
      const photo = await processPhoto(parts.image);
      const data = await replacePhoto({ db, storage, log: request.log }, ref.id, photo, clock.now());
      request.log.info(
        { responseId: ref.id, source: photo.source, bytes: parts.image.length },
        'photo stored',
      );
      return { data };
    },
  );
};
