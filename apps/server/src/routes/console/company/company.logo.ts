import { consoleCompanySchema, dataEnvelope } from '@venue-voice/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { processPhoto } from '../../../services/images';
import { deleteQuietly, photoKeyOf } from '../../../services/images/photo-store';
import { readUploadParts } from '../../../services/images/upload-request';
import { setCompanyLogo } from '../../../services/setup/company';
import { isLogoKey, storeLogo } from '../../../services/setup/company-logo';
import { assertOwner } from '../../../services/setup/scope';
import { type SetupRouteDeps, setupContext, uploadErrors } from '../setup';
import { consoleErrorResponses, consoleSchema } from '../shared';

/**
 * POST /console/company/logo (owner, multipart: an `image` part): the logo through the guest photos'
 * pipeline (checked by its bytes, re-encoded as JPEG without metadata, decision 0210); the former
 * logo's file goes once the company names the new one.
 */
export const companyLogoRoute: FastifyPluginAsyncZod<SetupRouteDeps> = async (app, deps) => {
  app.post(
    '/company/logo',
    {
      schema: consoleSchema('Upload the company logo (owner; multipart: image)', {
        consumes: ['multipart/form-data'],
        response: {
          200: dataEnvelope(z.object({ logoUrl: z.string(), company: consoleCompanySchema })),
          ...consoleErrorResponses,
          ...uploadErrors,
        },
      }),
    },
    async (request) => {
      const ctx = setupContext(deps, request);
      // Refused before a byte is stored.
      assertOwner(ctx.operator);
      const { image } = await readUploadParts(request, { jsonOptional: true });
      const logoUrl = await storeLogo(deps.storage, ctx.operator.companyId, await processPhoto(image));
      const { company, formerLogoUrl } = await setCompanyLogo(ctx, logoUrl);
      deps.onCompanyChange(company.id);
      const former = photoKeyOf(formerLogoUrl);
      if (former && isLogoKey(former)) await deleteQuietly(deps.storage, request.log, [former]);
      return { data: { logoUrl, company } };
    },
  );
};
