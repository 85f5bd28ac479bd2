import { errorEnvelopeSchema } from '@venue-voice/domain';

/** The error bodies the till's calls answer, for the OpenAPI document. */
export const tillErrorResponses = {
  /** 10008 / 10009: a field missing or wrong, each named by its path. */
  400: errorEnvelopeSchema,
  /** 10005: no key, or a key unknown or revoked. */
  401: errorEnvelopeSchema,
  /** 10005 with detail.requiredScope: the key lacks the call's scope. */
  403: errorEnvelopeSchema,
  /** 10012: no such branch in the key's company. */
  404: errorEnvelopeSchema,
  /** 10031: the check already backs a guest's response. */
  409: errorEnvelopeSchema,
  500: errorEnvelopeSchema,
} as const;

/** An integrations call's OpenAPI schema: its summary and what `extra` adds. */
export const tillSchema = <E extends object>(summary: string, extra: E) => ({
  tags: ['integrations'],
  summary,
  ...extra,
});
