import { dataEnvelope, surveyPreviewAnswerSchema, surveyPreviewBodySchema } from '@venue-voice/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { consoleErrorResponses, consoleSchema } from '../shared';
import { editorPreviewConfig } from './preview-config';
import { documentBody, SURVEY_BODY_LIMIT, type SurveyRouteDeps, surveyParams } from './shared';

/**
 * POST /console/surveys/{id}/preview-config (issue 31 item 4, decision 0259): the GET's answer for the
 * editor's unsaved document, which the console hands to the preview frame by postMessage. Read policy as
 * the GET (O1.9); a document the schema refuses, or one with faults that would break the engine (O15.40),
 * is 400 10025 with each field's path. It stores nothing and changes nothing, so it is not audited.
 */
export const surveysEditorPreviewRoute: FastifyPluginAsyncZod<SurveyRouteDeps> = async (app, { db }) => {
  app.post(
    '/surveys/:surveyId/preview-config',
    {
      bodyLimit: SURVEY_BODY_LIMIT,
      schema: consoleSchema("The preview of the editor's unsaved document, as a guest would be served it", {
        params: surveyParams,
        body: surveyPreviewBodySchema.extend({ document: documentBody }),
        response: { 200: dataEnvelope(surveyPreviewAnswerSchema), ...consoleErrorResponses },
      }),
    },
    async (request) => ({
      data: await editorPreviewConfig(db, request.operator, {
        surveyId: request.params.surveyId,
        document: request.body.document,
        language: request.body.language,
        branchId: request.body.branchId,
      }),
    }),
  );
};
