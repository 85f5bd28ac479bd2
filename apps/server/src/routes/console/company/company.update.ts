import { companyPatchSchema, consoleCompanySchema, dataEnvelope } from '@venue-voice/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { deleteQuietly, photoKeyOf } from '../../../services/images/photo-store';
import { updateCompany } from '../../../services/setup/company';
import { isLogoKey } from '../../../services/setup/company-logo';
import { type SetupRouteDeps, setupContext } from '../setup';
import { consoleErrorResponses, consoleSchema } from '../shared';

/**
 * PATCH /console/company (owner): O3.1–O3.4 checked (10025 with each field's key); guests see the change
 * with survey.config's next answer. `branding.logoUrl: null` removes the logo (its file goes).
 */
export const companyUpdateRoute: FastifyPluginAsyncZod<SetupRouteDeps> = async (app, deps) => {
  app.patch(
    '/company',
    {
      schema: consoleSchema("Change the company's settings (owner)", {
        body: companyPatchSchema,
        response: {
          200: dataEnvelope(z.object({ company: consoleCompanySchema })),
          ...consoleErrorResponses,
        },
      }),
    },
    async (request) => {
      const { company, formerLogoUrl } = await updateCompany(setupContext(deps, request), request.body);
      deps.onCompanyChange(company.id);
      const former = photoKeyOf(formerLogoUrl);
      if (former && isLogoKey(former)) await deleteQuietly(deps.storage, request.log, [former]);
      return { data: { company } };
    },
  );
};
