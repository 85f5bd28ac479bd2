import { errorEnvelopeSchema } from '@venue-voice/domain';
import { errorResponses } from '../error-responses';

/** The error bodies device calls can answer, for the OpenAPI document: api.md's set plus the device ones. */
export const deviceErrorResponses = {
  ...errorResponses,
  /** 10017: the device id is registered to another installation. */
  409: errorEnvelopeSchema,
  /** 10021: too many failed registrations (Retry-After). */
  429: errorEnvelopeSchema,
  /** 10021: the rate-limit store is unavailable. */
  503: errorEnvelopeSchema,
} as const;
