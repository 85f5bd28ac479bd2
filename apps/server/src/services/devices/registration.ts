import { randomBytes } from 'node:crypto';
import { AppError, type Branch, devicePass, ErrorCodes } from '@venue-voice/domain';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/connection';
import { branches, companies, devices } from '../../db/schema';
import { hashToken, parseId } from '../../plugins/request-context';
import { isUniqueViolation } from '../responses/db-errors';
import { openPasscode, passMatches } from './passcode-seal';

/** 256 random bits, base64url (43 characters): the device's long-lived credential (≥ 128 bits). */
export const newDeviceToken = (): string => randomBytes(32).toString('base64url');

export type BranchRow = typeof branches.$inferSelect;

/** The branch a registration names, within the company it names; 10011 / 10012 otherwise. */
export async function findRegistrationBranch(db: Db, companyKey: string, branchText: string) {
  const [company] = await db.select().from(companies).where(eq(companies.key, companyKey)).limit(1);
  if (!company) {
    throw new AppError(ErrorCodes.INVALID_COMPANY_REFERENCE, {
      message: 'No company has this key',
      detail: { field: 'companyKey' },
      ui: true,
    });
  }
  const branchId = parseId(branchText);
  const [branch] =
    branchId === null
      ? []
      : await db
          .select()
          .from(branches)
          .where(and(eq(branches.id, branchId), eq(branches.companyId, company.id)))
          .limit(1);
  if (!branch) {
    throw new AppError(ErrorCodes.INVALID_BRANCH_REFERENCE, {
      message: 'The company has no branch with this id',
      detail: { field: 'branchId' },
      ui: true,
    });
  }
  return { company, branch };
}

/**
 * Checks the spec's `pass` against the branch's device passcode: 10018 when it does not match or the
 * branch has none. A sealed passcode the key cannot open is our fault (a changed key), not the caller's.
 */
export async function checkPass(
  key: Buffer,
  branch: BranchRow,
  deviceId: string,
  pass: string,
): Promise<void> {
  if (!branch.devicePasscodeSealed) {
    throw new AppError(ErrorCodes.DEVICE_REGISTRATION_NOT_AUTHENTICATED, {
      message: 'This branch has no device passcode yet: ask your administrator to set one',
      ui: true,
    });
  }
  const passcode = openPasscode(key, branch.id, branch.devicePasscodeSealed);
  if (passcode === null) {
    throw new Error(
      `The device passcode of branch ${branch.id} does not open with this key (was DEVICE_PASSCODE_KEY changed?)`,
    );
  }
  if (!passMatches(await devicePass(deviceId, passcode), pass)) {
    throw new AppError(ErrorCodes.DEVICE_REGISTRATION_NOT_AUTHENTICATED, {
      message: 'The device id or passcode is not correct',
      ui: true,
    });
  }
}

export const branchDetails = (branch: BranchRow): Branch => ({
  id: branch.id,
  name: branch.name,
  locationId: branch.locationId,
  siteId: branch.siteId,
  hashCode: branch.hashCode,
  enableStaffPinCodes: branch.enableStaffPinCodes,
  latitude: branch.latitude,
  longitude: branch.longitude,
  address: branch.address,
});

const deviceAlreadyUsed = () =>
  new AppError(ErrorCodes.DEVICE_ALREADY_USED, {
    message: 'This device id is registered to another tablet: reset that tablet or choose another id',
    ui: true,
  });

export interface NewRegistration {
  companyId: number;
  branchId: number;
  deviceId: string;
  uuid: string;
  settingsPasscode: string;
  now: Date;
}

/**
 * Registers a device whose pass was checked (decision 0081). A free id (new, or deregistered) is taken;
 * an id registered to the same installation (uuid) gets a new token, its old one stops working; an id
 * registered to another installation is 10017; a device its administrator disabled is 10030.
 */
export async function registerDevice(db: Db, input: NewRegistration) {
  const token = newDeviceToken();
  const values = {
    branchId: input.branchId,
    uuid: input.uuid,
    tokenHash: hashToken(token),
    settingsPasscode: input.settingsPasscode,
    registeredAt: input.now,
    deregisteredAt: null,
  };
  try {
    const registeredAt = await db.transaction(async (tx) => {
      const [existing] = await tx
        .select()
        .from(devices)
        .where(and(eq(devices.companyId, input.companyId), eq(devices.deviceId, input.deviceId)))
        .for('update')
        .limit(1);
      if (!existing) {
        const [row] = await tx
          .insert(devices)
          .values({ companyId: input.companyId, deviceId: input.deviceId, ...values })
          .returning({ registeredAt: devices.registeredAt });
        return row?.registeredAt ?? input.now;
      }
      if (!existing.enabled) throw new AppError(ErrorCodes.INVALID_DEVICE_REFERENCE, { ui: true });
      if (existing.tokenHash !== null && existing.uuid !== input.uuid) throw deviceAlreadyUsed();
      await tx.update(devices).set(values).where(eq(devices.id, existing.id));
      return input.now;
    });
    return { token, registeredAt };
  } catch (error) {
    // Two first registrations of one id at once: the loser sees the winner's row as a unique violation.
    if (isUniqueViolation(error, 'devices_company_device_idx')) throw deviceAlreadyUsed();
    throw error;
  }
}

/** The uuid in a configure or deregister body must be the installation the token was issued to. */
async function ownRegistration(db: Db, id: number, uuid: string) {
  const [row] = await db.select().from(devices).where(eq(devices.id, id)).limit(1);
  if (!row || row.tokenHash === null) throw new AppError(ErrorCodes.NOT_AUTHENTICATED);
  if (row.uuid !== uuid) {
    throw new AppError(ErrorCodes.PARAMETER_VALUE_INVALID, {
      message: 'uuid is not the installation this device was registered from',
      detail: { fields: [{ field: 'uuid', in: 'body', message: 'Does not match the registration' }] },
    });
  }
  return row;
}

/** device.configure: stores the tablet's new settings passcode. */
export async function configureDevice(db: Db, id: number, uuid: string, settingsPasscode: string) {
  const row = await ownRegistration(db, id, uuid);
  await db.update(devices).set({ settingsPasscode }).where(eq(devices.id, row.id));
  return { deviceId: row.deviceId, uuid, settingsPasscode };
}

/** device.deregister: revokes the token (later calls answer 10005) and frees the device id; the row stays. */
export async function deregisterDevice(db: Db, id: number, uuid: string, now: Date) {
  const row = await ownRegistration(db, id, uuid);
  await db.update(devices).set({ tokenHash: null, deregisteredAt: now }).where(eq(devices.id, row.id));
  return { deviceId: row.deviceId, deregistered: true as const };
}
