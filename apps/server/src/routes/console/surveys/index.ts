import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { surveysPreviewRoute } from './preview.get';
import { surveysEditorPreviewRoute } from './preview.post';
import type { SurveyRouteDeps } from './shared';
import { surveysCreateRoute } from './surveys.create';
import { surveysDocumentRoute } from './surveys.document';
import { surveysDraftDiscardRoute } from './surveys.draft-discard';
import { surveysDraftSaveRoute } from './surveys.draft-save';
import { surveysDuplicateRoute } from './surveys.duplicate';
import { surveysExportRoute } from './surveys.export';
import { surveysListRoute } from './surveys.list';
import { surveysPublishRoute } from './surveys.publish';
import { surveysRestoreRoute } from './surveys.restore';
import { surveysUpdateRoute } from './surveys.update';
import { surveysVersionsRoute } from './surveys.versions';

export type { SurveyRouteDeps } from './shared';

/**
 * The survey editor's calls (issue 31, decisions 0254 and 0255): list, document, draft, publish, versions,
 * restore, export, create (import), duplicate, on/off, and the preview's config. Reading is O1.9, every change O1.10.
 */
export const surveysRoutes: FastifyPluginAsyncZod<SurveyRouteDeps> = async (app, options) => {
  const { db, clock, authLimiter, publicUrl, mailer, onSurveysChange } = options;
  const deps: SurveyRouteDeps = { db, clock, authLimiter, publicUrl, mailer, onSurveysChange };
  for (const route of [
    surveysListRoute,
    surveysCreateRoute,
    surveysDocumentRoute,
    surveysDraftSaveRoute,
    surveysDraftDiscardRoute,
    surveysPublishRoute,
    surveysVersionsRoute,
    surveysRestoreRoute,
    surveysExportRoute,
    surveysDuplicateRoute,
    surveysUpdateRoute,
  ]) {
    await app.register(route, deps);
  }
  // The preview's guest config (issue 31 item 4, decision 0258), and of the editor's unsaved document (0259).
  await app.register(surveysPreviewRoute, deps);
  await app.register(surveysEditorPreviewRoute, deps);
};
