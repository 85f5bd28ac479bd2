import { errorEnvelopeSchema } from '@venue-voice/domain';

/** Error bodies of api.md, declared on every route so the OpenAPI document shows them. */
export const errorResponses = {
  400: errorEnvelopeSchema,
  401: errorEnvelopeSchema,
  404: errorEnvelopeSchema,
  500: errorEnvelopeSchema,
} as const;
