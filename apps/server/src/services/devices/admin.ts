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
import { type AuditEntryInput, CLI_ACTOR, recordAudit } from '../audit/record';
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

/** D5.4: 5 lowercase letters or digits; the key of the rule that fails, or null. */
export function passcodeProblem(passcode: string): string | null {
  return (
    firstError(passcode, [
      required,
      alphaNumLower,
      minChars(DEVICE_PASSCODE_LENGTH),
      maxChars(DEVICE_PASSCODE_LENGTH),
    ])?.key ?? null
  );
}

/**
 * Writes a branch's device passcode, sealed for device.register and scrypt-hashed like the seed's, and
 * when it was set. Devices already registered keep their tokens; the old passcode registers no new
 * one. Answers the branch, or null when the company has no such branch. The command line and the
 * console's rotation (decision 0211) both write it here.
 */
export async function writeBranchPasscode(
  db: Db,
  key: Buffer,
  input: {
    companyId: number;
    branchId: number;
    passcode: string;
    now: Date;
    /** Its hash when made beforehand: scrypt is slow, and a transaction should not wait for it. */
    hash?: string;
  },
): Promise<{ id: number; name: string } | null> {
  const problem = passcodeProblem(input.passcode);
  if (problem) throw new RangeError(`writeBranchPasscode: the passcode fails D5.4 (${problem})`);
  const hash = input.hash ?? (await hashPasscode(input.passcode));
  const [updated] = await db
    .update(branches)
    .set({
      devicePasscodeSealed: sealPasscode(key, input.branchId, input.passcode),
      devicePasscodeHash: hash,
      devicePasscodeSetAt: input.now,
    })
    .where(and(eq(branches.id, input.branchId), eq(branches.companyId, input.companyId)))
    .returning({ id: branches.id, name: branches.name });
  return updated ?? null;
}

/** Sets a branch's device passcode from the command line (D5: 5 lowercase letters or digits). */
export async function setBranchPasscode(
  db: Db,
  key: Buffer,
  input: { companyKey: string; branchId: string; passcode: string; now?: Date },
) {
  const problem = passcodeProblem(input.passcode);
  if (problem) {
    throw new AdminError(
      `The passcode must be exactly ${DEVICE_PASSCODE_LENGTH} lowercase letters or digits (${problem})`,
    );
  }
  const company = await companyByKey(db, input.companyKey);
  const branchId = parseId(input.branchId);
  const now = input.now ?? new Date();
  const hash = await hashPasscode(input.passcode);
  const updated =
    branchId === null
      ? null
      : await asCli(db, company.id, now, async (tx) => {
          const done = await writeBranchPasscode(tx, key, {
            companyId: company.id,
            branchId,
            passcode: input.passcode,
            now,
            hash,
          });
          const entry: CliEntry = {
            action: 'passcode.rotate',
            subjectType: 'branch',
            subjectId: branchId,
            branchId,
          };
          return { result: done, entry: done ? entry : null };
        });
  if (!updated) throw new AdminError(`Company "${input.companyKey}" has no branch ${input.branchId}`);
  return updated;
}

type CliEntry = Omit<AuditEntryInput, 'companyId' | 'actor' | 'at'>;

/**
 * Runs a command's change and its audit entry (actor `cli`) in one transaction: the console's audit log
 * shows what the command line did too (issue 28 item 5).
 */
function asCli<T>(
  db: Db,
  companyId: number,
  now: Date,
  work: (tx: Db) => Promise<{ result: T; entry: CliEntry | null }>,
): Promise<T> {
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const { result, entry } = await work(tx);
    if (entry) await recordAudit(tx, { ...entry, companyId, actor: CLI_ACTOR, at: now });
    return result;
  });
}

/** Which device of a company: by its row id (the console) or by its device id (the command line). */
export type DeviceMatch = { id: number } | { deviceId: string };

const matching = (companyId: number, match: DeviceMatch) =>
  and(
    eq(devices.companyId, companyId),
    'id' in match ? eq(devices.id, match.id) : eq(devices.deviceId, match.deviceId),
  );

/**
 * Disables a device (every call of its token then answers 10030, and it cannot register again) or
 * enables it. Answers the device, or null when the company has none such. The command line and the
 * console both change it here.
 */
export async function changeDeviceEnabled(db: Db, companyId: number, match: DeviceMatch, enabled: boolean) {
  const [row] = await db.update(devices).set({ enabled }).where(matching(companyId, match)).returning({
    id: devices.id,
    deviceId: devices.deviceId,
    branchId: devices.branchId,
    enabled: devices.enabled,
  });
  return row ?? null;
}

/**
 * Revokes a device's token on the administrator's side, freeing its id: for a tablet that lost its
 * storage (a reinstall with a new uuid) and so cannot reset itself (decision 0081). Answers the device,
 * or null when the company has no registered device such.
 */
export async function revokeDevice(db: Db, companyId: number, match: DeviceMatch, now: Date) {
  const [row] = await db
    .update(devices)
    .set({ tokenHash: null, deregisteredAt: now })
    .where(and(matching(companyId, match), isNotNull(devices.tokenHash)))
    .returning({ id: devices.id, deviceId: devices.deviceId, branchId: devices.branchId });
  return row ?? null;
}

/** Disables or enables a device from the command line. */
export async function setDeviceEnabled(
  db: Db,
  input: { companyKey: string; deviceId: string; enabled: boolean; now?: Date },
) {
  const company = await companyByKey(db, input.companyKey);
  const row = await asCli(db, company.id, input.now ?? new Date(), async (tx) => {
    const done = await changeDeviceEnabled(tx, company.id, { deviceId: input.deviceId }, input.enabled);
    const action = input.enabled ? 'device.enable' : 'device.disable';
    const entry: CliEntry | null = done && {
      action,
      subjectType: 'device',
      subjectId: done.id,
      branchId: done.branchId,
      detail: { deviceId: done.deviceId },
    };
    return { result: done, entry };
  });
  if (!row) throw new AdminError(`Company "${input.companyKey}" has no device "${input.deviceId}"`);
  return { deviceId: row.deviceId, enabled: row.enabled };
}

/** Releases a device from the command line (see revokeDevice). */
export async function releaseDevice(db: Db, input: { companyKey: string; deviceId: string; now: Date }) {
  const company = await companyByKey(db, input.companyKey);
  const row = await asCli(db, company.id, input.now, async (tx) => {
    const done = await revokeDevice(tx, company.id, { deviceId: input.deviceId }, input.now);
    const entry: CliEntry | null = done && {
      action: 'device.release',
      subjectType: 'device',
      subjectId: done.id,
      branchId: done.branchId,
      detail: { deviceId: done.deviceId },
    };
    return { result: done, entry };
  });
  if (!row)
    throw new AdminError(`Company "${input.companyKey}" has no registered device "${input.deviceId}"`);
  return { deviceId: row.deviceId };
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
