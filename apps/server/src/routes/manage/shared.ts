import { AppError, dataEnvelope, ErrorCodes, errorEnvelopeSchema } from '@venue-voice/domain';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/connection';
import type { Clock } from '../../lib/clock';
import { idPathParam } from '../../lib/params';
import { processPhoto } from '../../services/images';
import { readUploadParts } from '../../services/images/upload-request';
import type { RateLimiter } from '../../services/rate-limit/limiter';
import { verifyStaffActor } from '../../services/staff/staff-actor';
import type { ManageScope, PhotoUpload } from '../../services/staff/staff-members';
import { storeMemberPhoto } from '../../services/staff/staff-photo';
import type { Storage } from '../../services/storage';
import { appHeaders } from '../device/fields';

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
export const idParams = z.object({ id: idPathParam() });
export const idAnswer = dataEnvelope(z.object({ id: z.number().int() }));
export const photoErrors = { 413: errorEnvelopeSchema, 415: errorEnvelopeSchema };

/** Member fields (device-mode.md §3); checked against D5 by the service, so every error is a 10025 with fields. */
export const memberBody = z
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

/** A manage call's OpenAPI schema: its summary, the device and staff headers, and what `extra` adds. */
export const manageSchema = <E extends object>(summary: string, extra: E) => ({
  tags: ['manage'],
  summary,
  headers,
  ...extra,
});

/** What every manage call does first, and what the changing ones do after (one set per registered call). */
export function manageTools({ db, clock, storage, staffPinLimiter, onTeamChange }: ManageRouteDeps) {
  /** The branch and the acting member: X-Staff-Pin checked against the device's branch (decision 0110). */
  const scopeOf = async (request: FastifyRequest): Promise<ManageScope> => {
    const { ctx } = request;
    const device = ctx.device;
    if (!device) throw new Error('manage route without a device session');
    const actor = await verifyStaffActor(
      { db, limiter: staffPinLimiter, request, now: clock.now() },
      device.branchId,
      device.id,
    );
    return { db, companyId: ctx.company.id, branchId: device.branchId, actor };
  };

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

  /** A change of the branch's team: its cached config goes, and the call answers the member's id. */
  const changed = (scope: ManageScope, id: number) => {
    onTeamChange(scope.companyId, scope.branchId);
    return { data: { id } };
  };

  return { scopeOf, readMember, changed };
}
