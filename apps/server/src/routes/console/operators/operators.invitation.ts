import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { reinviteOperator } from '../../../services/operators/manage';
import { sendInvitation } from '../../../services/operators/send-link';
import { siteOrigin } from '../guards';
import { type ConsoleRouteDeps, consoleSchema, limitedErrorResponses, ownerChange } from '../shared';
import { operatorAnswer, operatorParams } from './shared';

/** POST /console/operators/{id}/invitation: mail a new invitation (owner); the last link stops working. */
export const operatorsInvitationRoute: FastifyPluginAsyncZod<ConsoleRouteDeps> = async (app, deps) => {
  app.post(
    '/operators/:id/invitation',
    {
      schema: consoleSchema('Send an invited operator a new invitation (owner)', {
        params: operatorParams,
        response: { 200: operatorAnswer, ...limitedErrorResponses },
      }),
    },
    async (request) => {
      const ctx = ownerChange(deps, request.operator);
      const { operator, token } = await reinviteOperator(ctx, request.params.id);
      await sendInvitation(
        { ...deps, log: request.log },
        {
          operator: { ...operator, companyId: ctx.companyId },
          token,
          origin: siteOrigin(request, deps.publicUrl),
        },
      );
      return { data: { operator } };
    },
  );
};
