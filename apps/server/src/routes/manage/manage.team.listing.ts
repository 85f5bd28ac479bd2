import { dataEnvelope, teamSchema } from '@venue-voice/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listTeams } from '../../services/staff/staff-members';
import { deviceErrorResponses } from '../device/responses';
import { type ManageRouteDeps, manageSchema, manageTools } from './shared';

/** manage.team.listing: the company's team categories, None (id 0) last. */
export const manageTeamListingRoute: FastifyPluginAsyncZod<ManageRouteDeps> = async (app, deps) => {
  const { scopeOf } = manageTools(deps);
  app.get(
    '/team/listing',
    {
      schema: manageSchema('Team categories, None (id 0) last', {
        response: { 200: dataEnvelope(z.object({ items: z.array(teamSchema) })), ...deviceErrorResponses },
      }),
    },
    async (request) => ({
      data: { items: await listTeams(deps.db, (await scopeOf(request)).companyId) },
    }),
  );
};
