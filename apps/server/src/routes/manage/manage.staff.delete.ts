import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { deleteMember } from '../../services/staff/staff-members';
import { deleteMemberPhotoFiles } from '../../services/staff/staff-photo';
import { deviceErrorResponses } from '../device/responses';
import { idAnswer, idParams, type ManageRouteDeps, manageSchema, manageTools } from './shared';

/** manage.staff.delete/{id}: removes a member of the branch (never the one acting). */
export const manageStaffDeleteRoute: FastifyPluginAsyncZod<ManageRouteDeps> = async (app, deps) => {
  const { scopeOf, changed } = manageTools(deps);
  app.post(
    '/staff/delete/:id',
    {
      schema: manageSchema('Delete a member (never oneself)', {
        params: idParams,
        response: { 200: idAnswer, ...deviceErrorResponses },
      }),
    },
    async (request) => {
      const scope = await scopeOf(request);
      const { id, formerPhoto } = await deleteMember(scope, request.params.id);
      await deleteMemberPhotoFiles(deps.storage, request.log, formerPhoto);
      return changed(scope, id);
    },
  );
};
