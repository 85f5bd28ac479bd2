import type { FieldFault, MessageKey } from '@venue-voice/domain';
import { AppError, canOpenSettings, ErrorCodes, validateStaffPin } from '@venue-voice/domain';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/connection';
import { type BranchMember, listBranchStaff } from '../../queries/config';
import type { FailurePolicy, RateLimiter } from '../rate-limit/limiter';
import { reserveAttempt } from '../rate-limit/reserve-attempt';

/** Wrong staff PINs on manage calls: 5 per 15 minutes per device (decision 0110). */
export const STAFF_PIN_POLICY: FailurePolicy = { name: 'staff-pin', limit: 5, windowMs: 15 * 60_000 };

/**
 * Wrong staff PINs per 15 minutes at a whole branch: above one tablet's 5, so one person's mistakes lock
 * only their tablet, while guesses spread over many registered tablets still stop (decision 0195).
 */
export const STAFF_PIN_BRANCH_CEILING = 25;

/**
 * Who a team change acts as, and the branch's team as read for the check: the member whose PIN a
 * manage call carried, or null for a console operator (whose role the console's policy checked, O1.2).
 */
export interface StaffActor {
  member: TeamRow | null;
  team: TeamRow[];
}

/** A branch member as the manage calls read it: the PIN in clear for the server's checks, never answered. */
export type TeamRow = BranchMember;

/** The X-Staff-Pin entry of a 10032's detail.fields. */
const pinFault = (message: MessageKey, params?: FieldFault['params']): FieldFault => ({
  field: 'x-staff-pin',
  in: 'headers',
  message,
  ...(params ? { params } : {}),
});

/** 400 10032: the X-Staff-Pin is no active settings member's PIN (never 401, decision 0110). */
export const wrongPin = () =>
  new AppError(ErrorCodes.INVALID_PIN, {
    status: 400,
    message: 'Invalid PIN: no active member with settings access has it',
    detail: { fields: [pinFault('staff.invalidPin')] },
  });

/** Every member of the branch, PINs included, in the manage-team order. */
export const branchTeam = (db: Db, branchId: number): Promise<TeamRow[]> => listBranchStaff(db, branchId);

/**
 * Decision 0110: the device token says which branch; the X-Staff-Pin header says which member acts.
 * It must be the PIN of an active member of that branch with settings access (D5.17's "can open
 * settings"). A wrong PIN answers 400 10032, never 401: a 401 makes the tablet reset itself (D4).
 */
export async function verifyStaffActor(
  deps: { db: Db; limiter: RateLimiter; request: FastifyRequest; now: Date },
  branchId: number,
  deviceRowId: number,
): Promise<StaffActor> {
  const raw = deps.request.headers['x-staff-pin'];
  const pin = (Array.isArray(raw) ? raw[0] : raw)?.trim() ?? '';
  const formatError = validateStaffPin(pin);
  if (formatError) {
    throw new AppError(ErrorCodes.INVALID_PIN, {
      status: 400,
      message: 'Manage calls need the PIN of a member with settings access (X-Staff-Pin)',
      detail: { fields: [pinFault(formatError.key, formatError.params)] },
    });
  }
  const release = await reserveAttempt(
    { limiter: deps.limiter, log: deps.request.log, now: deps.now },
    [`device:${deviceRowId}`, { key: `branch:${branchId}`, limit: STAFF_PIN_BRANCH_CEILING }],
    (minutes) => `Too many wrong staff PINs; try again in ${minutes} min`,
  );
  const team = await branchTeam(deps.db, branchId);
  const member = team.find((m) => m.pinCode === pin && canOpenSettings(m));
  if (!member) throw wrongPin();
  await release();
  return { member, team };
}
