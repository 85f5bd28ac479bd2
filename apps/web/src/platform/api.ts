import { createApiClient } from '@venue-voice/client';
import type { Language, Survey } from '@venue-voice/domain';
import { env } from '../config/env';

/** The parts of a survey the guest screens read so far (one schema: the domain's). */
export type VenueSurvey = Pick<Survey, 'templateId' | 'name' | 'templateLocale' | 'branding'>;

/** What the guest screens need of `survey.config` (edges core and surveys) for one slug. */
export interface VenueConfig {
  company?: { keyName: string; name: string } | null;
  surveys: VenueSurvey[];
}

/**
 * The calls the web app makes, narrowed to what screens use. Screens get it from ApiProvider, so
 * tests pass a fake and the screens never see transport details.
 */
export interface WebApi {
  surveyConfig(slug: string, language: Language): Promise<VenueConfig>;
}

/**
 * The real API, through the shared typed client (which checks answers against the domain schemas).
 * Failures are the client's ApiFailure. `fetch` and `baseUrl` are for tests.
 */
export function createWebApi(options: { fetch?: typeof fetch; baseUrl?: string } = {}): WebApi {
  const clientFor = (slug: string, language: Language) =>
    createApiClient({
      baseUrl: options.baseUrl ?? env.apiBaseUrl,
      fetch: options.fetch,
      authType: 'web',
      language,
      clientId: env.clientId,
      surveySlug: slug,
    });
  return {
    async surveyConfig(slug, language) {
      const config = await clientFor(slug, language).survey.config({ edges: ['core', 'surveys'] });
      return { company: config.core?.company ?? null, surveys: config.surveys ?? [] };
    },
  };
}
