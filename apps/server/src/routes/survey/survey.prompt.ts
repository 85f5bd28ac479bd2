import { dataEnvelope, NOT_ENOUGH_INFORMATION, promptAnswerSchema } from '@venue-voice/domain';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { responses } from '../../db/schema';
import { requireResponse } from '../../plugins/response-auth';
import { loadSuggestionInput, localSuggestions } from '../../services/suggestion';
import { VersionDocuments } from '../../services/survey-versions';
import { errorResponses } from '../error-responses';
import type { RouteDeps } from './index';

const response = dataEnvelope(promptAnswerSchema);

/**
 * survey.prompt (G7): a review text the guest may edit and share, drafted only from this response's
 * own positive answers, against the survey version and in the language the guest answered in (decision
 * 0256). Needs the response credentials of the create.
 */
export const surveyPromptRoute: FastifyPluginAsyncZod<RouteDeps> = async (app, deps) => {
  const { db } = deps;
  const suggestions = deps.suggestions ?? localSuggestions;
  // The app's one (surveyRoutes): the version a response answered is read once for every draft of it.
  const versions = deps.versions ?? new VersionDocuments();
  app.get(
    '/prompt',
    {
      schema: {
        tags: ['survey'],
        description: 'Suggested review text for the response of X-Response-Id / X-Response-Secret.',
        response: { 200: response, ...errorResponses },
      },
    },
    async (request) => {
      const ref = await requireResponse(db, request);
      const { input, enabled } = await loadSuggestionInput(db, versions, ref);
      // A venue that turned suggestions off gets none, whatever the answers (survey.aiRecommendation).
      const draft = enabled ? await suggestions.suggest(input, request.log) : { notEnough: true as const };
      const valid = 'text' in draft;
      // G7.18 The response remembers the last verdict, for reports and for a create retried later.
      await db.update(responses).set({ isAiValid: valid }).where(eq(responses.id, ref.id));
      request.log.info({ responseId: ref.id, provider: suggestions.name, valid }, 'review suggestion');
      return { data: { text: valid ? draft.text : NOT_ENOUGH_INFORMATION, is_ai_valid: valid } };
    },
  );
};
