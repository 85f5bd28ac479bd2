import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { updateMember } from '../../services/staff/staff-members';
import { deleteMemberPhotoFiles } from '../../services/staff/staff-photo';
import { deviceErrorResponses } from '../device/responses';
import {
  idAnswer,
  idParams,
  type ManageRouteDeps,
  manageSchema,
  manageTools,
  memberBody,
  photoErrors,
} from './shared';

/** manage.staff.update/{id}: saves a member (its former photo's files go once the row no longer names them). */
export const manageStaffUpdateRoute: FastifyPluginAsyncZod<ManageRouteDeps> = async (app, deps) => {
  const { scopeOf, readMember, changed } = manageTools(deps);
  app.post(
    '/staff/update/:id',
    {
      schema: manageSchema(
        'Save a member (JSON, or multipart: json + image), or toggle its status ({ id, status })',
        {
          consumes: ['application/json', 'multipart/form-data'],
          params: idParams,
          body: memberBody.nullish(),
          response: { 200: idAnswer, ...deviceErrorResponses, ...photoErrors },
        },
      ),
    },
    async (request) => {
      const scope = await scopeOf(request);
      const { body, photo } = await readMember(request, scope);
      const { id, formerPhoto } = await updateMember(scope, request.params.id, body, photo);
      await deleteMemberPhotoFiles(deps.storage, request.log, formerPhoto);
      return changed(scope, id);
    },
  );
};
