import type { WebConfigResponse } from '@venue-voice/domain';
import { parseAnswer } from './request';

/**
 * The full check of a survey.config answer held since the check-in (what `survey.checkinConfig` answered):
 * the domain's web schema, loaded with zod in the schemas' chunk. A wrong answer throws the client's
 * INVALID_RESPONSE_FORMAT failure, as the call itself would have.
 */
export const parseWebConfig = (answer: unknown): Promise<WebConfigResponse> =>
  parseAnswer({ schema: (s) => s.webConfig }, answer);
