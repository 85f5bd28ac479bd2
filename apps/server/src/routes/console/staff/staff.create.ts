import { dataEnvelope, staffMemberSchema } from '@venue-voice/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { addStaff, teamScope } from '../../../services/setup/staff';
import { memberBody } from '../../manage/shared';
import { idParams, type SetupRouteDeps, setupContext } from '../setup';
import { consoleErrorResponses, consoleSchema } from '../shared';

/**
 * POST /console/branches/{id}/staff (a manager of it or the owner): manage.staff.add's D5 rules and
 * field messages (the tablet's own service, decision 0213); a photo goes by POST /staff/{id}/photo.
 */
export const staffCreateRoute: FastifyPluginAsyncZod<SetupRouteDeps> = async (app, deps) => {
  app.post(
    '/branches/:id/staff',
    {
      schema: consoleSchema('Add a team member', {
        params: idParams,
        body: memberBody,
        response: { 201: dataEnvelope(z.object({ member: staffMemberSchema })), ...consoleErrorResponses },
      }),
    },
    async (request, reply) => {
      const ctx = setupContext(deps, request);
      const member = await addStaff(await teamScope(ctx, request.params.id, 'change'), request.body);
      deps.onCompanyChange(ctx.operator.companyId);
      return reply.status(201).send({ data: { member } });
    },
  );
};
