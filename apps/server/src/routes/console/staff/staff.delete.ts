import { dataEnvelope } from '@venue-voice/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { deleteStaff, memberScope } from '../../../services/setup/staff';
import { deleteMemberPhotoFiles } from '../../../services/staff/staff-photo';
import { idParams, type SetupRouteDeps, setupContext } from '../setup';
import { consoleErrorResponses, consoleSchema } from '../shared';

/** DELETE /console/staff/{id}: manage.staff.delete's rules (never the last member who can open settings). */
export const staffDeleteRoute: FastifyPluginAsyncZod<SetupRouteDeps> = async (app, deps) => {
  app.delete(
    '/staff/:id',
    {
      schema: consoleSchema('Remove a team member', {
        params: idParams,
        response: { 200: dataEnvelope(z.object({ id: z.number().int() })), ...consoleErrorResponses },
      }),
    },
    async (request) => {
      const ctx = setupContext(deps, request);
      const scope = await memberScope(ctx, request.params.id, 'change');
      const { id, formerPhoto } = await deleteStaff(scope, request.params.id);
      await deleteMemberPhotoFiles(deps.storage, request.log, formerPhoto);
      deps.onCompanyChange(ctx.operator.companyId);
      return { data: { id } };
    },
  );
};
