import {
  alphaNumLower,
  DEVICE_PASSCODE_LENGTH,
  firstError,
  maxChars,
  minChars,
  required,
} from '@venue-voice/domain';
import { and, asc, eq, isNotNull, isNull } from 'drizzle-orm';
import type { Db } from '../../db/connection';
import { branches, companies, devices } from '../../db/schema';
import { hashPasscode, verifyPasscode } from '../../lib/passcode';
import { parseId } from '../../plugins/request-context';
import { sealPasscode } from './passcode-seal';

/** A refusal the admin command prints as is (unknown company, bad passcode…). */
export class AdminError extends Error {
  override name = 'AdminError';
}

async function companyByKey(db: Db, companyKey: string) {
  const [company] = await db.select().from(companies).where(eq(companies.key, companyKey)).limit(1);
  if (!company) throw new AdminError(`No company has the key "${companyKey}"`);
  return company;
}

/**
 * Sets a branch's device passcode (D5: 5 lowercase letters or digits): sealed for device.register and
 * scrypt-hashed like the seed's. Devices already registered keep their tokens.
 */
export async function setBranchPasscode(
  db: Db,
  key: Buffer,
  input: { companyKey: string; branchId: string; passcode: string },
) {
  const problem = firstError(input.passcode, [
    required,
    alphaNumLower,
    minChars(DEVICE_PASSCODE_LENGTH),
    maxChars(DEVICE_PASSCODE_LENGTH),
  ]);
  if (problem) {
    throw new AdminError(
      `The passcode must be exactly ${DEVICE_PASSCODE_LENGTH} lowercase letters or digits (${problem.key})`,
    );
  }
  const company = await companyByKey(db, input.companyKey);
  const branchId = parseId(input.branchId);
  const hash = await hashPasscode(input.passcode);
  const updated =
    branchId === null
      ? []
      : await db
          .update(branches)
          .set({
            devicePasscodeSealed: sealPasscode(key, branchId, input.passcode),
            devicePasscodeHash: hash,
          })
          .where(and(eq(branches.id, branchId), eq(branches.companyId, company.id)))
          .returning({ id: branches.id, name: branches.name });
  if (!updated[0]) throw new AdminError(`Company "${input.companyKey}" has no branch ${input.branchId}`);
  return updated[0];
}

/** Disables (every call of its token then answers 10030, and it cannot register again) or enables a device. */
export async function setDeviceEnabled(
  db: Db,
  input: { companyKey: string; deviceId: string; enabled: boolean },
) {
  const company = await companyByKey(db, input.companyKey);
  const [row] = await db
    .update(devices)
    .set({ enabled: input.enabled })
    .where(and(eq(devices.companyId, company.id), eq(devices.deviceId, input.deviceId)))
    .returning({ deviceId: devices.deviceId, enabled: devices.enabled });
  if (!row) throw new AdminError(`Company "${input.companyKey}" has no device "${input.deviceId}"`);
  return row;
}

/**
 * Revokes a device's token on the administrator's side, freeing its id: for a tablet that lost its
 * storage (a reinstall with a new uuid) and so cannot reset itself (decision 0081).
 */
export async function releaseDevice(db: Db, input: { companyKey: string; deviceId: string; now: Date }) {
  const company = await companyByKey(db, input.companyKey);
  const [row] = await db
    .update(devices)
    .set({ tokenHash: null, deregisteredAt: input.now })
    .where(
      and(
        eq(devices.companyId, company.id),
        eq(devices.deviceId, input.deviceId),
        isNotNull(devices.tokenHash),
      ),
    )
    .returning({ deviceId: devices.deviceId });
  if (!row)
    throw new AdminError(`Company "${input.companyKey}" has no registered device "${input.deviceId}"`);
  return row;
}

export interface DeviceListing {
  deviceId: string;
  branchId: number;
  uuid: string | null;
  enabled: boolean;
  registered: boolean;
  settingsPasscode: string | null;
  registeredAt: Date;
  deregisteredAt: Date | null;
}

/** The company's devices by branch and id. */
export async function listDevices(db: Db, companyKey: string): Promise<DeviceListing[]> {
  const company = await companyByKey(db, companyKey);
  const rows = await db
    .select()
    .from(devices)
    .where(eq(devices.companyId, company.id))
    .orderBy(asc(devices.branchId), asc(devices.deviceId));
  return rows.map((row) => ({
    deviceId: row.deviceId,
    branchId: row.branchId,
    uuid: row.uuid,
    enabled: row.enabled,
    registered: row.tokenHash !== null,
    settingsPasscode: row.settingsPasscode,
    registeredAt: row.registeredAt,
    deregisteredAt: row.deregisteredAt,
  }));
}

/**
 * Seals the demo passcode for branches that have only its scrypt hash (the seed writes that, and so do
 * databases made before decision 0080): the server cannot recover a passcode from a hash, but it can
 * recognise the demo's one. Idempotent; returns the branch ids it sealed.
 */
export async function sealKnownPasscode(db: Db, key: Buffer, passcode: string): Promise<number[]> {
  const candidates = await db
    .select({ id: branches.id, hash: branches.devicePasscodeHash })
    .from(branches)
    .where(and(isNull(branches.devicePasscodeSealed), isNotNull(branches.devicePasscodeHash)));
  const sealed: number[] = [];
  for (const branch of candidates) {
    if (!branch.hash || !(await verifyPasscode(passcode, branch.hash))) continue;
    await db
      .update(branches)
      .set({ devicePasscodeSealed: sealPasscode(key, branch.id, passcode) })
      .where(and(eq(branches.id, branch.id), isNull(branches.devicePasscodeSealed)));
    sealed.push(branch.id);
  }
  return sealed;
}
