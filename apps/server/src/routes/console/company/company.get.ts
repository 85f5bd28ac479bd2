import { consoleCompanySchema, dataEnvelope } from '@venue-voice/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { getCompany } from '../../../services/setup/company';
import type { SetupRouteDeps } from '../setup';
import { setupContext } from '../setup';
import { consoleErrorResponses, consoleSchema } from '../shared';

/** GET /console/company (owner, O1.3): name, branding, languages, contact retention days. */
export const companyGetRoute: FastifyPluginAsyncZod<SetupRouteDeps> = async (app, deps) => {
  app.get(
    '/company',
    {
      schema: consoleSchema("The company's settings (owner)", {
        response: {
          200: dataEnvelope(z.object({ company: consoleCompanySchema })),
          ...consoleErrorResponses,
        },
      }),
    },
    async (request) => ({ data: { company: await getCompany(setupContext(deps, request)) } }),
  );
};
