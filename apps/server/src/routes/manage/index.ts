import multipart from '@fastify/multipart';
import {
  AppError,
  dataEnvelope,
  ErrorCodes,
  errorEnvelopeSchema,
  staffMemberSchema,
  teamSchema,
} from '@venue-voice/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/connection';
import type { Clock } from '../../lib/clock';
import { idPathParam } from '../../lib/params';
import { withoutPin } from '../../queries/config';
import { processPhoto } from '../../services/images';
import { multipartOptions, readUploadParts } from '../../services/images/upload-request';
import type { RateLimiter } from '../../services/rate-limit/limiter';
import { verifyStaffActor } from '../../services/staff/staff-actor';
import {
  addMember,
  deleteMember,
  listTeams,
  type ManageScope,
  memberOf,
  type PhotoUpload,
  updateMember,
} from '../../services/staff/staff-members';
import { deleteMemberPhotoFiles, storeMemberPhoto } from '../../services/staff/staff-photo';
import type { Storage } from '../../services/storage';
import { appHeaders } from '../device/fields';
import { deviceErrorResponses } from '../device/responses';
import { deviceSessionHook } from '../device/session';

export interface ManageRouteDeps {
  db: Db;
  clock: Clock;
  /** Where member photos go (decision 0112). */
  storage: Storage;
  /** Counts wrong X-Staff-Pin values (STAFF_PIN_POLICY). */
  staffPinLimiter: RateLimiter;
  /** Told after every change of a branch's team, so survey.config's cached staff edge goes (decision 0111). */
  onTeamChange: (companyId: number, branchId: number) => void;
}

const headers = appHeaders.extend({
  'x-staff-pin': z
    .string()
    .optional()
    .describe('PIN of the signed-in member with settings access (decision 0110)'),
});
// Strict: z.coerce read `0x10` as 16 and `1e3` as 1000 (issue 27).
const idParams = z.object({ id: idPathParam() });
const idAnswer = dataEnvelope(z.object({ id: z.number().int() }));
/** Member fields (device-mode.md §3); checked against D5 by the service, so every error is a 10025 with fields. */
const memberBody = z
  .object({
    id: z.number().int().optional().describe('Only in the status toggle: the same id as the path'),
    displayName: z.string().optional(),
    fullName: z.string().optional(),
    pinCode: z.string().nullable().optional(),
    weight: z.union([z.number(), z.string()]).optional(),
    teamId: z.number().int().optional().describe('0: none'),
    status: z.number().int().optional().describe('1 active, 0 inactive'),
    hasSettingsAccess: z.boolean().optional(),
    deleteImage: z.boolean().optional(),
  })
  .loose();

/** The manage.* calls of D7: the device token names the branch, X-Staff-Pin the member acting. */
export const manageRoutes: FastifyPluginAsyncZod<ManageRouteDeps> = async (app, deps) => {
  const { db, clock, storage, staffPinLimiter, onTeamChange } = deps;
  app.addHook('onRequest', deviceSessionHook(db));
  // add and update take JSON, or multipart with a `json` part and an `image` part (the guest pipeline's).
  await app.register(multipart, multipartOptions);

  /** The member fields and, when multipart, the photo to store once they passed every rule. */
  const readMember = async (
    request: FastifyRequest,
    scope: ManageScope,
  ): Promise<{ body: Record<string, unknown>; photo?: PhotoUpload }> => {
    if (!request.isMultipart()) return { body: (request.body as Record<string, unknown> | undefined) ?? {} };
    const parts = await readUploadParts(request);
    const body = memberBody.safeParse(parts.json);
    if (!body.success) {
      throw new AppError(ErrorCodes.PARAMETER_VALUE_INVALID, {
        message: 'The json part is not a team member',
        detail: {
          fields: body.error.issues.map((i) => ({
            field: ['json', ...i.path].join('.'),
            in: 'body',
            message: i.message,
          })),
        },
      });
    }
    const processed = await processPhoto(parts.image);
    return { body: body.data, photo: () => storeMemberPhoto(storage, scope.branchId, processed) };
  };
  const photoErrors = { 413: errorEnvelopeSchema, 415: errorEnvelopeSchema };

  const scopeOf = async (request: FastifyRequest, reply: FastifyReply): Promise<ManageScope> => {
    const { ctx } = request;
    const device = ctx.device;
    if (!device) throw new Error('manage route without a device session');
    const actor = await verifyStaffActor(
      { db, limiter: staffPinLimiter, request, reply, now: clock.now() },
      device.branchId,
      device.id,
    );
    return { db, companyId: ctx.company.id, branchId: device.branchId, actor };
  };
  const changed = (scope: ManageScope, id: number) => {
    onTeamChange(scope.companyId, scope.branchId);
    return { data: { id } };
  };
  const schema = <E extends object>(summary: string, extra: E) => ({
    tags: ['manage'],
    summary,
    headers,
    ...extra,
  });

  app.get(
    '/staff/listing',
    {
      schema: schema('Every member of the branch', {
        response: {
          200: dataEnvelope(z.object({ staff: z.array(staffMemberSchema) })),
          ...deviceErrorResponses,
        },
      }),
    },
    async (request, reply) => ({
      data: { staff: (await scopeOf(request, reply)).actor.team.map(withoutPin) },
    }),
  );
  app.get(
    '/staff/listing/:id',
    {
      schema: schema('One member of the branch', {
        params: idParams,
        response: { 200: dataEnvelope(z.object({ staff: staffMemberSchema })), ...deviceErrorResponses },
      }),
    },
    async (request, reply) => ({
      data: { staff: withoutPin(memberOf(await scopeOf(request, reply), request.params.id)) },
    }),
  );
  app.post(
    '/staff/add',
    {
      schema: schema('Add a member; answers its id (JSON, or multipart: json + image)', {
        consumes: ['application/json', 'multipart/form-data'],
        body: memberBody.nullish(),
        response: { 200: idAnswer, ...deviceErrorResponses, ...photoErrors },
      }),
    },
    async (request, reply) => {
      const scope = await scopeOf(request, reply);
      const { body, photo } = await readMember(request, scope);
      return changed(scope, await addMember(scope, body, photo));
    },
  );
  app.post(
    '/staff/update/:id',
    {
      schema: schema(
        'Save a member (JSON, or multipart: json + image), or toggle its status ({ id, status })',
        {
          consumes: ['application/json', 'multipart/form-data'],
          params: idParams,
          body: memberBody.nullish(),
          response: { 200: idAnswer, ...deviceErrorResponses, ...photoErrors },
        },
      ),
    },
    async (request, reply) => {
      const scope = await scopeOf(request, reply);
      const { body, photo } = await readMember(request, scope);
      const { id, formerPhoto } = await updateMember(scope, request.params.id, body, photo);
      await deleteMemberPhotoFiles(storage, request.log, formerPhoto);
      return changed(scope, id);
    },
  );
  app.post(
    '/staff/delete/:id',
    {
      schema: schema('Delete a member (never oneself)', {
        params: idParams,
        response: { 200: idAnswer, ...deviceErrorResponses },
      }),
    },
    async (request, reply) => {
      const scope = await scopeOf(request, reply);
      const { id, formerPhoto } = await deleteMember(scope, request.params.id);
      await deleteMemberPhotoFiles(storage, request.log, formerPhoto);
      return changed(scope, id);
    },
  );
  app.get(
    '/team/listing',
    {
      schema: schema('Team categories, None (id 0) last', {
        response: { 200: dataEnvelope(z.object({ items: z.array(teamSchema) })), ...deviceErrorResponses },
      }),
    },
    async (request, reply) => ({
      data: { items: await listTeams(db, (await scopeOf(request, reply)).companyId) },
    }),
  );
};
