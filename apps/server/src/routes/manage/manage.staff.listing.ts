import { dataEnvelope, staffMemberSchema } from '@venue-voice/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { withoutPin } from '../../queries/config';
import { deviceErrorResponses } from '../device/responses';
import { type ManageRouteDeps, manageSchema, manageTools } from './shared';

/** manage.staff.listing: every member of the device's branch, never a PIN (decision 0197). */
export const manageStaffListingRoute: FastifyPluginAsyncZod<ManageRouteDeps> = async (app, deps) => {
  const { scopeOf } = manageTools(deps);
  app.get(
    '/staff/listing',
    {
      schema: manageSchema('Every member of the branch', {
        response: {
          200: dataEnvelope(z.object({ staff: z.array(staffMemberSchema) })),
          ...deviceErrorResponses,
        },
      }),
    },
    async (request) => ({
      data: { staff: (await scopeOf(request)).actor.team.map(withoutPin) },
    }),
  );
};
