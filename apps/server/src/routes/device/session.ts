import { AppError, AuthType, ErrorCodes } from '@venue-voice/domain';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/connection';
import { resolveRequestContext } from '../../plugins/request-context';

/**
 * onRequest hook of the token-authenticated device calls: app mode only, then the request context's
 * device check (401 10005 without a valid token of a registered device, 10030 when it is disabled).
 */
export const deviceSessionHook = (db: Db) => async (request: FastifyRequest) => {
  if (request.headers['x-auth-type'] !== AuthType.APP) {
    throw new AppError(ErrorCodes.NOT_AUTHENTICATED, {
      message: 'Device calls need X-Auth-Type: app with the device token',
    });
  }
  request.ctx = await resolveRequestContext(db, request);
};

/** The authenticated device row id of a request that passed deviceSessionHook. */
export function sessionDevice(request: FastifyRequest): number {
  const device = request.ctx.device;
  if (!device) throw new AppError(ErrorCodes.NOT_AUTHENTICATED);
  return device.id;
}
