import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import type { Database } from '../../src/db/connection';
import { devices, operatorBranches, operators, staffMembers } from '../../src/db/schema';
import { hashToken } from '../../src/plugins/request-context';
import { web } from '../harness';
import { addOtherCompany } from '../submit-fixtures';
import type { ConsoleActorIds } from './console-rows';

/** Headers of one caller. */
export type Headers = Record<string, string>;

/** The PIN of the settings member each branch's manage calls act as (demo: Alex at 1, Chris at 2). */
export const MANAGER_PIN: Record<number, string> = { 1: '1111', 2: '1111', 20: '4444' };

/**
 * Company 2 (`other`, branch 20, survey `other-cafe`: submit-fixtures' addOtherCompany) with a member
 * who may open settings, so the other company has callers of both kinds.
 */
export async function addForeignCompany(database: Database): Promise<void> {
  await addOtherCompany(database.db);
  await database.db.insert(staffMembers).values({
    branchId: 20,
    displayName: 'Olly',
    fullName: 'Olly Other',
    pinCode: MANAGER_PIN[20],
    hasSettingsAccess: true,
  });
}

/** The installation id of every device the security tests insert (configure and deregister check it). */
export const DEVICE_UUID = 'security-test-installation';

/** App-mode headers of a new device of a branch of company 1 (branches 1, 2) or 2 (branch 20). */
export async function deviceAt(database: Database, branchId: number): Promise<Headers> {
  const token = randomBytes(32).toString('base64url');
  const deviceId = `sec-${branchId}-${randomBytes(4).toString('hex')}`;
  await database.db.insert(devices).values({
    companyId: branchId === 20 ? 2 : 1,
    branchId,
    deviceId,
    uuid: DEVICE_UUID,
    tokenHash: hashToken(token),
  });
  return { 'x-auth-type': 'app', 'x-device-id': deviceId, authorization: `Bearer ${token}` };
}

/** The callers of one matrix row: the owner (branch 1 of company 1) and the foreigners. */
export interface Actors {
  own: { app: Headers; web: Headers };
  otherBranch: { app: Headers };
  otherCompany: { app: Headers; web: Headers };
}

export async function makeActors(database: Database): Promise<Actors> {
  return {
    own: { app: await deviceAt(database, 1), web: web('demo-bistro', { 'x-branch': '1' }) },
    otherBranch: { app: await deviceAt(database, 2) },
    otherCompany: { app: await deviceAt(database, 20), web: web('other-cafe') },
  };
}

/** A small real JPEG (the upload pipeline re-encodes it). */
export const smallJpeg = () =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: '#c33' } })
    .jpeg()
    .toBuffer();

/**
 * The app's routes as `METHOD /path`, read from Fastify itself (printRoutes), so a route added later
 * shows up here without anyone listing it. HEAD twins of GET routes are Fastify's own and left out.
 */
export function registeredRoutes(app: FastifyInstance): string[] {
  const tree = app.printRoutes({ commonPrefix: false });
  const stack: string[] = [];
  const routes: string[] = [];
  for (const line of tree.split('\n')) {
    const match = /^([│ ]*)[├└]── (\S+)(?: \(([^)]*)\))?/.exec(line);
    if (!match) continue;
    const depth = (match[1] ?? '').length / 4;
    stack.length = depth;
    const path = (stack[depth - 1] ?? '') + match[2];
    stack[depth] = path;
    for (const method of (match[3] ?? '').split(',').map((m) => m.trim())) {
      if (method && method !== 'HEAD') routes.push(`${method} ${path}`);
    }
  }
  return [...new Set(routes)].sort();
}

/**
 * The console's callers beside the demo's owner (1) and manager of branch 1 (2): a manager of branch 2, a
 * viewer of branch 1 and the owner of company 2 (call addForeignCompany first). No passwords: the
 * matrix gives them sessions straight away (support/console.ts sessionHeaders).
 */
export async function addConsoleOperators(database: Database): Promise<ConsoleActorIds> {
  const { db } = database;
  const add = async (companyId: number, email: string, role: string, branchIds: number[]) => {
    const [row] = await db
      .insert(operators)
      .values({ companyId, email, name: email.split('@')[0] ?? email, role })
      .returning({ id: operators.id });
    if (!row) throw new Error(`operator ${email} not added`);
    if (branchIds.length > 0)
      await db
        .insert(operatorBranches)
        .values(branchIds.map((branchId) => ({ operatorId: row.id, branchId })));
    return row.id;
  };
  return {
    owner: 1,
    manager1: 2,
    manager2: await add(1, 'manager2@demo.test', 'manager', [2]),
    viewer: await add(1, 'viewer@demo.test', 'viewer', [1]),
    otherCompany: await add(2, 'owner@other.test', 'owner', []),
  };
}
