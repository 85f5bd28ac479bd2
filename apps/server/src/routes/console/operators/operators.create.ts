import { operatorCreateBodySchema } from '@venue-voice/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createOperator } from '../../../services/operators/manage';
import { sendInvitation } from '../../../services/operators/send-link';
import { siteOrigin } from '../guards';
import { type ConsoleRouteDeps, consoleSchema, limitedErrorResponses, ownerChange } from '../shared';
import { operatorAnswer } from './shared';

/** POST /console/operators: invite an operator (owner): 201, and an invitation mail with a 24-hour link. */
export const operatorsCreateRoute: FastifyPluginAsyncZod<ConsoleRouteDeps> = async (app, deps) => {
  app.post(
    '/operators',
    {
      schema: consoleSchema('Invite an operator (owner)', {
        body: operatorCreateBodySchema,
        response: { 201: operatorAnswer, ...limitedErrorResponses },
      }),
    },
    async (request, reply) => {
      const ctx = ownerChange(deps, request.operator);
      const { operator, token } = await createOperator(ctx, request.body);
      const origin = siteOrigin(request, deps.publicUrl);
      await sendInvitation(
        { ...deps, log: request.log },
        {
          operator: { ...operator, companyId: ctx.companyId },
          token,
          origin,
        },
      );
      return reply.status(201).send({ data: { operator } });
    },
  );
};
