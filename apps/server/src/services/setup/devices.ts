import {
  AppError,
  type ConsoleDevice,
  canChangeBranch,
  canSeeBranch,
  deviceState,
  ErrorCodes,
  visibleBranches,
} from '@venue-voice/domain';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { branches, devices } from '../../db/schema';
import { changeDeviceEnabled, revokeDevice } from '../devices/admin';
import { audited, branchInScope, notPermitted, type SetupContext } from './scope';

const iso = (at: Date | null) => at?.toISOString() ?? null;

/** GET /console/devices[?branchId=]: the tablets of the branches the operator may see (O1.4). */
export async function listConsoleDevices(ctx: SetupContext, branchId?: number): Promise<ConsoleDevice[]> {
  if (branchId !== undefined) await branchInScope(ctx, branchId, 'see');
  const companyBranches = await ctx.db
    .select({ id: branches.id })
    .from(branches)
    .where(eq(branches.companyId, ctx.operator.companyId));
  const shown =
    branchId !== undefined
      ? [branchId]
      : visibleBranches(
          ctx.operator,
          companyBranches.map((b) => b.id),
        );
  if (shown.length === 0) return [];
  const rows = await ctx.db
    .select({ device: devices, branchName: branches.name })
    .from(devices)
    .innerJoin(branches, eq(branches.id, devices.branchId))
    .where(and(eq(devices.companyId, ctx.operator.companyId), inArray(devices.branchId, shown)))
    .orderBy(asc(branches.name), asc(devices.deviceId));
  return rows.map(({ device, branchName }) => ({
    id: device.id,
    deviceId: device.deviceId,
    branchId: device.branchId,
    branchName,
    state: deviceState({ enabled: device.enabled, registered: device.tokenHash !== null }),
    registeredAt: device.registeredAt.toISOString(),
    lastSeenAt: iso(device.lastSeenAt),
    lastSyncAt: iso(device.lastSyncAt),
    lastUploadAt: iso(device.lastUploadAt),
    heldResponses: device.heldResponses,
  }));
}

/** A device of a branch the operator may change: not seen → 404 10014, seen but a viewer → 403 10034. */
async function deviceInScope(ctx: SetupContext, id: number) {
  const [row] = await ctx.db
    .select({ id: devices.id, branchId: devices.branchId })
    .from(devices)
    .where(and(eq(devices.id, id), eq(devices.companyId, ctx.operator.companyId)))
    .limit(1);
  if (!row || !canSeeBranch(ctx.operator, row.branchId)) {
    throw new AppError(ErrorCodes.RESOURCE_NOT_FOUND, { message: `No device ${id}` });
  }
  if (!canChangeBranch(ctx.operator, row.branchId))
    throw notPermitted('Your role does not allow changes at this branch');
  return row;
}

/** The device as listed, after a change. */
async function listed(ctx: SetupContext, id: number, branchId: number): Promise<ConsoleDevice> {
  const found = (await listConsoleDevices(ctx, branchId)).find((d) => d.id === id);
  if (!found) throw new AppError(ErrorCodes.RESOURCE_NOT_FOUND, { message: `No device ${id}` });
  return found;
}

/**
 * POST /console/devices/{id}/disable and /enable: what `npm run admin -- device:disable` does (the same
 * service). A disabled tablet's next call answers 10030 and it resets with that message (D4.1).
 */
export async function setConsoleDeviceEnabled(ctx: SetupContext, id: number, enabled: boolean) {
  const row = await deviceInScope(ctx, id);
  await audited(ctx, async (tx) => {
    const changed = await changeDeviceEnabled(tx, ctx.operator.companyId, { id }, enabled);
    return {
      result: null,
      entry: {
        action: enabled ? 'device.enable' : 'device.disable',
        subjectType: 'device',
        subjectId: id,
        branchId: row.branchId,
        detail: { deviceId: changed?.deviceId },
      },
    };
  });
  return listed(ctx, id, row.branchId);
}

/**
 * POST /console/devices/{id}/release: `device:release` — the token revoked and the device id freed. A
 * device already released answers 400 10009 (nothing to release).
 */
export async function releaseConsoleDevice(ctx: SetupContext, id: number) {
  const row = await deviceInScope(ctx, id);
  await audited(ctx, async (tx) => {
    const released = await revokeDevice(tx, ctx.operator.companyId, { id }, ctx.now);
    if (!released) {
      throw new AppError(ErrorCodes.PARAMETER_VALUE_INVALID, {
        message: 'This device is not registered: there is nothing to release',
        detail: { reason: 'notRegistered' },
        ui: true,
      });
    }
    return {
      result: null,
      entry: {
        action: 'device.release',
        subjectType: 'device',
        subjectId: id,
        branchId: row.branchId,
        detail: { deviceId: released.deviceId },
      },
    };
  });
  return listed(ctx, id, row.branchId);
}
