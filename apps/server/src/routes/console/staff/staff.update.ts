import { dataEnvelope, staffMemberSchema } from '@venue-voice/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { memberScope, updateStaff } from '../../../services/setup/staff';
import { deleteMemberPhotoFiles } from '../../../services/staff/staff-photo';
import { memberBody } from '../../manage/shared';
import { idParams, type SetupRouteDeps, setupContext } from '../setup';
import { consoleErrorResponses, consoleSchema } from '../shared';

/**
 * PATCH /console/staff/{id} (a manager of its branch or the owner): manage.staff.update's rules, the
 * body's fields over the saved ones; `deleteImage: true` removes the photo.
 */
export const staffUpdateRoute: FastifyPluginAsyncZod<SetupRouteDeps> = async (app, deps) => {
  app.patch(
    '/staff/:id',
    {
      schema: consoleSchema('Change a team member', {
        params: idParams,
        body: memberBody,
        response: { 200: dataEnvelope(z.object({ member: staffMemberSchema })), ...consoleErrorResponses },
      }),
    },
    async (request) => {
      const ctx = setupContext(deps, request);
      const scope = await memberScope(ctx, request.params.id, 'change');
      const { member, formerPhoto } = await updateStaff(scope, request.params.id, request.body);
      await deleteMemberPhotoFiles(deps.storage, request.log, formerPhoto);
      deps.onCompanyChange(ctx.operator.companyId);
      return { data: { member } };
    },
  );
};
