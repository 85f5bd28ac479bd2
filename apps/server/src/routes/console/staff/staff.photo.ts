import { dataEnvelope, staffMemberSchema } from '@venue-voice/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { processPhoto } from '../../../services/images';
import { readUploadParts } from '../../../services/images/upload-request';
import { memberScope, updateStaff } from '../../../services/setup/staff';
import { deleteMemberPhotoFiles, storeMemberPhoto } from '../../../services/staff/staff-photo';
import { idParams, type SetupRouteDeps, setupContext, uploadErrors } from '../setup';
import { consoleErrorResponses, consoleSchema } from '../shared';

/**
 * POST /console/staff/{id}/photo (multipart: an `image` part): the member's photo through the tablet's
 * pipeline (checked, re-encoded, stored as manage.staff.update stores it); the former photo's files go.
 */
export const staffPhotoRoute: FastifyPluginAsyncZod<SetupRouteDeps> = async (app, deps) => {
  app.post(
    '/staff/:id/photo',
    {
      schema: consoleSchema("Set a team member's photo (multipart: image)", {
        consumes: ['multipart/form-data'],
        params: idParams,
        response: {
          200: dataEnvelope(z.object({ member: staffMemberSchema })),
          ...consoleErrorResponses,
          ...uploadErrors,
        },
      }),
    },
    async (request) => {
      const ctx = setupContext(deps, request);
      // The scope first: nothing is read or stored for a member the operator may not change.
      const scope = await memberScope(ctx, request.params.id, 'change');
      const { image } = await readUploadParts(request, { jsonOptional: true });
      const processed = await processPhoto(image);
      const photo = () => storeMemberPhoto(deps.storage, scope.branchId, processed);
      const { member, formerPhoto } = await updateStaff(scope, request.params.id, {}, photo);
      await deleteMemberPhotoFiles(deps.storage, request.log, formerPhoto);
      deps.onCompanyChange(ctx.operator.companyId);
      return { data: { member } };
    },
  );
};
