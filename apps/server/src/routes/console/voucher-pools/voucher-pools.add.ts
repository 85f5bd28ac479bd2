import { AppError, dataEnvelope, ErrorCodes, readVoucherCodes } from '@venue-voice/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idPathParam } from '../../../lib/params';
import { operatorActor } from '../../../services/audit/record';
import { addVoucherCodes } from '../../../services/voucher-pools';
import { type ConsoleRouteDeps, consoleErrorResponses, consoleSchema } from '../shared';

/**
 * POST /console/surveys/{id}/vouchers/{voucherId}/codes {text}: imports codes into a voucher's pool
 * (O15.30–O15.33): the text of a CSV or a list, one code per line; a malformed code refuses the whole
 * import with 400 10025 naming its line. Answers how many were added and the codes that already existed.
 */
export const voucherPoolsAddRoute: FastifyPluginAsyncZod<ConsoleRouteDeps> = async (app, deps) => {
  app.post(
    '/surveys/:surveyId/vouchers/:voucherId/codes',
    {
      bodyLimit: 2 * 1024 * 1024,
      schema: consoleSchema("Add codes to a voucher's pool (an editor of the survey)", {
        params: z.object({ surveyId: idPathParam(), voucherId: idPathParam() }),
        body: z.object({ text: z.string().max(2_000_000) }),
        response: {
          200: dataEnvelope(z.object({ added: z.number().int(), skipped: z.array(z.string()) })),
          ...consoleErrorResponses,
        },
      }),
    },
    async (request) => {
      const read = readVoucherCodes(request.body.text);
      if (!read.ok) {
        throw new AppError(ErrorCodes.FORM_VALIDATION, {
          message: `The codes were not added: ${read.key}`,
          detail: { fields: [{ field: 'text', in: 'body', message: read.key, params: read.params ?? {} }] },
          ui: true,
        });
      }
      const result = await addVoucherCodes(deps.db, {
        operator: request.operator,
        actor: operatorActor(request.operator),
        surveyId: request.params.surveyId,
        voucherId: request.params.voucherId,
        codes: read.codes,
        now: deps.clock.now(),
      });
      return { data: result };
    },
  );
};
