import { randomInt } from 'node:crypto';
import {
  type BranchSettingsInput,
  type ConsoleBranch,
  checkBranchSettings,
  newDevicePasscode,
  type SyncSchedule,
  visibleBranches,
} from '@venue-voice/domain';
import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import type { Db } from '../../db/connection';
import { branches, surveyBranches, surveys } from '../../db/schema';
import { hashPasscode } from '../../lib/passcode';
import { writeBranchPasscode } from '../devices/admin';
import type { Changed } from './company';
import { assertOwner, audited, type BranchRow, branchInScope, formFaults, type SetupContext } from './scope';

const toConsoleBranch = (row: BranchRow, surveyIds: number[]): ConsoleBranch => ({
  id: row.id,
  name: row.name,
  address: row.address,
  latitude: row.latitude,
  longitude: row.longitude,
  timeZone: row.timeZone,
  enableStaffPinCodes: row.enableStaffPinCodes,
  tableEntry: row.tableEntry,
  syncSchedule: (row.syncSchedule as SyncSchedule | null) ?? null,
  passcodeSetAt: row.devicePasscodeSetAt?.toISOString() ?? null,
  surveyIds,
});

/** The surveys each branch serves, by branch id. */
async function surveysOf(db: Db, branchIds: number[]): Promise<Map<number, number[]>> {
  const links = branchIds.length
    ? await db
        .select({ branchId: surveyBranches.branchId, surveyId: surveyBranches.surveyId })
        .from(surveyBranches)
        .where(inArray(surveyBranches.branchId, branchIds))
        .orderBy(asc(surveyBranches.surveyId))
    : [];
  const byBranch = new Map<number, number[]>(branchIds.map((id) => [id, []]));
  for (const link of links) byBranch.get(link.branchId)?.push(link.surveyId);
  return byBranch;
}

/** GET /console/branches: the branches the operator may see (O1.4), by name. */
export async function listBranches(ctx: SetupContext): Promise<ConsoleBranch[]> {
  const rows = await ctx.db
    .select()
    .from(branches)
    .where(eq(branches.companyId, ctx.operator.companyId))
    .orderBy(asc(branches.name), asc(branches.id));
  const shown = new Set(
    visibleBranches(
      ctx.operator,
      rows.map((row) => row.id),
    ),
  );
  const visible = rows.filter((row) => shown.has(row.id));
  const served = await surveysOf(
    ctx.db,
    visible.map((row) => row.id),
  );
  return visible.map((row) => toConsoleBranch(row, served.get(row.id) ?? []));
}

/** GET /console/branches/{id}: one the operator may see, else 404 10012. */
export async function getBranch(ctx: SetupContext, branchId: number): Promise<ConsoleBranch> {
  const row = await branchInScope(ctx, branchId, 'see');
  return toConsoleBranch(row, (await surveysOf(ctx.db, [row.id])).get(row.id) ?? []);
}

/** What checkBranchSettings needs of the company: its other branches' names and its surveys. */
async function checkContext(db: Db, companyId: number, exceptBranch: number | null) {
  const [others, companySurveys] = await Promise.all([
    db
      .select({ name: branches.name })
      .from(branches)
      .where(
        exceptBranch === null
          ? eq(branches.companyId, companyId)
          : and(eq(branches.companyId, companyId), ne(branches.id, exceptBranch)),
      ),
    db
      .select({ id: surveys.id, active: surveys.active })
      .from(surveys)
      .where(eq(surveys.companyId, companyId)),
  ]);
  return { otherNames: others.map((b) => b.name), companySurveys };
}

/** Links a branch to exactly these surveys (they were checked to be the company's). */
async function linkSurveys(db: Db, branchId: number, surveyIds: number[]): Promise<void> {
  await db.delete(surveyBranches).where(eq(surveyBranches.branchId, branchId));
  if (surveyIds.length > 0) {
    await db.insert(surveyBranches).values(surveyIds.map((surveyId) => ({ surveyId, branchId })));
  }
}

/** A new device passcode from the CSPRNG (O3.16). */
const generatePasscode = () => newDevicePasscode((n) => randomInt(n));

/**
 * POST /console/branches (owner, O1.3): a new branch, O3.5–O3.8 checked, serving the surveys named or
 * else every active survey of the company, with a new device passcode answered once (decision 0211).
 */
export async function createBranch(
  ctx: SetupContext & { passcodeKey: Buffer },
  input: BranchSettingsInput,
): Promise<{ branch: ConsoleBranch; passcode: string; changed: Changed }> {
  assertOwner(ctx.operator);
  const { otherNames, companySurveys } = await checkContext(ctx.db, ctx.operator.companyId, null);
  const checked = checkBranchSettings(input, {
    mode: 'create',
    otherNames,
    companySurveyIds: companySurveys.map((s) => s.id),
    now: ctx.now,
  });
  if (!checked.ok) throw formFaults(checked.faults);
  const { surveyIds, ...values } = checked.value;
  const served = surveyIds ?? companySurveys.filter((s) => s.active).map((s) => s.id);
  const passcode = generatePasscode();
  // Hashed before the transaction: scrypt is slow, and PGlite's one connection would wait for it.
  const hash = await hashPasscode(passcode);
  const changed = { ...values, surveyIds: served };
  const id = await audited(ctx, async (tx) => {
    const [row] = await tx
      .insert(branches)
      .values({ ...values, name: values.name ?? '', companyId: ctx.operator.companyId })
      .returning({ id: branches.id });
    if (!row) throw new Error('createBranch: no row returned');
    await linkSurveys(tx, row.id, served);
    await writeBranchPasscode(tx, ctx.passcodeKey, {
      companyId: ctx.operator.companyId,
      branchId: row.id,
      passcode,
      now: ctx.now,
      hash,
    });
    // The passcode itself never goes to the log (issue 28 item 5).
    const detail = { ...changed, passcodeSet: true };
    return {
      result: row.id,
      entry: { action: 'branch.create', subjectType: 'branch', subjectId: row.id, branchId: row.id, detail },
    };
  });
  return { branch: await getBranch(ctx, id), passcode, changed };
}

/** PATCH /console/branches/{id} (a manager of it or the owner, O1.2): O3.5–O3.8 checked. */
export async function updateBranch(
  ctx: SetupContext,
  branchId: number,
  input: BranchSettingsInput,
): Promise<{ branch: ConsoleBranch; changed: Changed }> {
  const was = await branchInScope(ctx, branchId, 'change');
  const { otherNames, companySurveys } = await checkContext(ctx.db, ctx.operator.companyId, was.id);
  const checked = checkBranchSettings(input, {
    mode: 'update',
    otherNames,
    saved: { latitude: was.latitude, longitude: was.longitude },
    companySurveyIds: companySurveys.map((s) => s.id),
    now: ctx.now,
  });
  if (!checked.ok) throw formFaults(checked.faults);
  const { surveyIds, ...values } = checked.value;
  const changed = { ...checked.value };
  if (Object.keys(changed).length > 0) {
    await audited(ctx, async (tx) => {
      if (Object.keys(values).length > 0)
        await tx.update(branches).set(values).where(eq(branches.id, was.id));
      if (surveyIds) await linkSurveys(tx, was.id, surveyIds);
      return {
        result: null,
        entry: {
          action: 'branch.update',
          subjectType: 'branch',
          subjectId: was.id,
          branchId: was.id,
          detail: changed,
        },
      };
    });
  }
  return { branch: await getBranch(ctx, was.id), changed };
}

/**
 * POST /console/branches/{id}/passcode (a manager of it or the owner): a new device passcode, sealed and
 * hashed as the command line does, answered once. Registered tablets keep their tokens; the old
 * passcode registers no new tablet.
 */
export async function rotatePasscode(
  ctx: SetupContext & { passcodeKey: Buffer },
  branchId: number,
): Promise<{ passcode: string }> {
  const branch = await branchInScope(ctx, branchId, 'change');
  const passcode = generatePasscode();
  const hash = await hashPasscode(passcode);
  await audited(ctx, async (tx) => {
    await writeBranchPasscode(tx, ctx.passcodeKey, {
      companyId: ctx.operator.companyId,
      branchId: branch.id,
      passcode,
      now: ctx.now,
      hash,
    });
    // Who rotated it and when; never the passcode.
    return {
      result: null,
      entry: { action: 'passcode.rotate', subjectType: 'branch', subjectId: branch.id, branchId: branch.id },
    };
  });
  return { passcode };
}
