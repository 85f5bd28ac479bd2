import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { addMember } from '../../services/staff/staff-members';
import { deviceErrorResponses } from '../device/responses';
import { idAnswer, type ManageRouteDeps, manageSchema, manageTools, memberBody, photoErrors } from './shared';

/** manage.staff.add: a new member of the device's branch, with a photo when sent as multipart. */
export const manageStaffAddRoute: FastifyPluginAsyncZod<ManageRouteDeps> = async (app, deps) => {
  const { scopeOf, readMember, changed } = manageTools(deps);
  app.post(
    '/staff/add',
    {
      schema: manageSchema('Add a member; answers its id (JSON, or multipart: json + image)', {
        consumes: ['application/json', 'multipart/form-data'],
        body: memberBody.nullish(),
        response: { 200: idAnswer, ...deviceErrorResponses, ...photoErrors },
      }),
    },
    async (request) => {
      const scope = await scopeOf(request);
      const { body, photo } = await readMember(request, scope);
      return changed(scope, await addMember(scope, body, photo));
    },
  );
};
