import { dataEnvelope, staffMemberSchema } from '@venue-voice/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { withoutPin } from '../../queries/config';
import { memberOf } from '../../services/staff/staff-members';
import { deviceErrorResponses } from '../device/responses';
import { idParams, type ManageRouteDeps, manageSchema, manageTools } from './shared';

/** manage.staff.listing/{id}: one member of the device's branch, never its PIN. */
export const manageStaffMemberRoute: FastifyPluginAsyncZod<ManageRouteDeps> = async (app, deps) => {
  const { scopeOf } = manageTools(deps);
  app.get(
    '/staff/listing/:id',
    {
      schema: manageSchema('One member of the branch', {
        params: idParams,
        response: { 200: dataEnvelope(z.object({ staff: staffMemberSchema })), ...deviceErrorResponses },
      }),
    },
    async (request) => ({
      data: { staff: withoutPin(memberOf(await scopeOf(request), request.params.id)) },
    }),
  );
};
