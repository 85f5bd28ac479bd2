import { AppError, ErrorCodes } from '@venue-voice/domain';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/connection';
import { responses } from '../db/schema';
import { secretMatches } from '../services/responses/response-secret';
import { parseId } from './request-context';

/** A created response the caller proved it holds (X-Response-Id + X-Response-Secret). */
export interface ResponseRef {
  id: number;
  surveyId: number;
  companyId: number;
  branchId: number | null;
}

const SECRET_FORMAT = /^[A-Za-z0-9_-]{16,128}$/;

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  const text = Array.isArray(value) ? value[0] : value;
  return text === undefined || text.trim() === '' ? undefined : text.trim();
}

const refused = (message: string) => new AppError(ErrorCodes.INVALID_RESPONSE_REFERENCE, { message });

/**
 * Reads X-Response-Id and X-Response-Secret and checks them: the secret (constant time) and that the
 * response belongs to the request's company (request.ctx), and in app mode not to another branch.
 * Throws 401 10029 for anything else: a missing, malformed, unknown or foreign reference all look the same to the caller.
 */
export async function requireResponse(db: Db, request: FastifyRequest): Promise<ResponseRef> {
  const rawId = header(request, 'x-response-id');
  const secret = header(request, 'x-response-secret');
  if (rawId === undefined || secret === undefined) {
    throw refused('X-Response-Id and X-Response-Secret are required');
  }
  const id = parseId(rawId);
  if (id === null || !SECRET_FORMAT.test(secret)) throw refused('Invalid response reference');

  const rows = await db
    .select({
      id: responses.id,
      guid: responses.guid,
      surveyId: responses.surveyId,
      companyId: responses.companyId,
      branchId: responses.branchId,
    })
    .from(responses)
    .where(eq(responses.id, id))
    .limit(1);
  const row = rows[0];
  // Unknown ids still pay for a derivation so timing does not tell which ids exist.
  const matches = await secretMatches(db, row?.guid ?? '00000000-0000-0000-0000-000000000000', secret);
  // A device reaches no response of another branch (architecture: tenancy), even holding its secret;
  // a response with no branch (a guest's, by slug only) stays open to the company's devices.
  const device = request.ctx.device;
  const foreignBranch = device !== null && row?.branchId != null && row.branchId !== device.branchId;
  if (!row || !matches || row.companyId !== request.ctx.company.id || foreignBranch) {
    throw refused('Invalid response reference');
  }
  return { id: row.id, surveyId: row.surveyId, companyId: row.companyId, branchId: row.branchId };
}
