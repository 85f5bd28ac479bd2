import { z } from 'zod';

/** Success envelope of every API answer (api.md "Bodies"). */
export const dataEnvelope = <T extends z.ZodType>(data: T) => z.object({ data });

/** Failure envelope of every API answer. */
export const errorEnvelopeSchema = z.object({
  error: z.object({
    code: z.number().int(),
    message: z.string(),
    detail: z.record(z.string(), z.unknown()).nullable(),
    ui: z.boolean(),
  }),
});
