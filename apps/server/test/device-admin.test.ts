import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdmin } from '../src/cli/commands';
import { auditLog, branches } from '../src/db/schema';
import { sealKnownPasscode } from '../src/services/devices/admin';
import { openPasscode } from '../src/services/devices/passcode-seal';
import { databases } from './databases';
import {
  appCall,
  appHeaders,
  deviceAppPerSuite,
  freshDevice,
  register,
  TEST_PASSCODE_KEY,
} from './device-fixtures';

describe.each(databases())('admin command on $name', (target) => {
  const h = deviceAppPerSuite(target);

  const admin = (...argv: string[]) =>
    runAdmin({ db: h.database.db, passcodeKey: TEST_PASSCODE_KEY, now: h.clock.now() }, argv);

  it('branch:passcode sets a new passcode: registration takes it and refuses the old one', async () => {
    const done = await admin('branch:passcode', 'demo', '2', 'new42');
    expect(done).toEqual({ code: 0, output: 'Branch 2 (Demo Bistro Manchester) has a new device passcode.' });
    expect(
      (await register(h.app, { ...freshDevice(), branch: '2', passcode: 'demo1' })).body.error.code,
    ).toBe(10018);
    expect((await register(h.app, { ...freshDevice(), branch: '2', passcode: 'new42' })).status).toBe(200);
    // Sealed for this branch only, never stored as such.
    const [row] = await h.database.db.select().from(branches).where(eq(branches.id, 2));
    expect(row?.devicePasscodeSealed).not.toContain('new42');
    expect(openPasscode(TEST_PASSCODE_KEY, 2, row?.devicePasscodeSealed ?? '')).toBe('new42');
    expect(openPasscode(TEST_PASSCODE_KEY, 1, row?.devicePasscodeSealed ?? '')).toBeNull();
    await admin('branch:passcode', 'demo', '2', 'demo1');
  });

  it('the commands that change a device or a passcode are in the audit log, actor cli, never the passcode', async () => {
    const { deviceId, address } = freshDevice();
    expect((await register(h.app, { deviceId, address })).status).toBe(200);
    for (const argv of [
      ['device:disable', 'demo', deviceId],
      ['device:enable', 'demo', deviceId],
      ['device:release', 'demo', deviceId],
      ['branch:passcode', 'demo', '3', 'pop42'],
    ]) {
      expect((await admin(...argv)).code).toBe(0);
    }
    const entries = await h.database.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(4);
    expect(entries.map((e) => [e.action, e.actor, e.actorOperatorId, e.branchId])).toEqual([
      ['passcode.rotate', 'cli', null, 3],
      ['device.release', 'cli', null, 1],
      ['device.enable', 'cli', null, 1],
      ['device.disable', 'cli', null, 1],
    ]);
    expect(entries[1]?.detail).toEqual({ deviceId });
    expect(JSON.stringify(entries)).not.toContain('pop42');
    expect((await admin('branch:passcode', 'demo', '3', 'demo1')).code).toBe(0);
  });

  it.each([
    [['branch:passcode', 'demo', '1', 'Demo1'], /exactly 5 lowercase letters or digits/],
    [['branch:passcode', 'demo', '1', 'demo'], /exactly 5/],
    [['branch:passcode', 'demo', '1', 'demo12'], /exactly 5/],
    [['branch:passcode', 'nosuch', '1', 'abcde'], /No company has the key "nosuch"/],
    [['branch:passcode', 'demo', '99', 'abcde'], /has no branch 99/],
    [['branch:passcode', 'demo', 'x', 'abcde'], /has no branch x/],
    [['device:disable', 'demo', 'never-registered'], /has no device "never-registered"/],
    [['device:release', 'demo', 'never-registered'], /has no registered device/],
    [['device:list', 'nosuch'], /No company/],
  ])('%j is refused with exit code 1', async (argv, message) => {
    const outcome = await admin(...argv);
    expect(outcome.code).toBe(1);
    expect(outcome.output).toMatch(message);
  });

  it.each([[[]], [['device:nuke', 'demo']], [['device:disable', 'demo']], [['device:list']]])(
    '%j prints the usage with exit code 2',
    async (argv) => {
      const outcome = await admin(...argv);
      expect(outcome.code).toBe(2);
      expect(outcome.output).toContain('Usage: npm run admin');
    },
  );

  it('device:disable makes the token answer 10030 and blocks registering again; device:enable undoes it', async () => {
    const { deviceId, address } = freshDevice();
    const token = (await register(h.app, { deviceId, address, uuid: 'u-admin' })).body.data.token;
    expect((await admin('device:disable', 'demo', deviceId)).code).toBe(0);
    expect((await appCall(h.app, appHeaders(deviceId, token))).body.error.code).toBe(10030);
    expect((await register(h.app, { deviceId, address, uuid: 'u-admin' })).body.error.code).toBe(10030);
    expect((await admin('device:enable', 'demo', deviceId)).code).toBe(0);
    expect((await appCall(h.app, appHeaders(deviceId, token))).status).toBe(200);
  });

  it('device:release frees the id of a tablet that lost its storage: old token 10005, a new install registers', async () => {
    const { deviceId, address } = freshDevice();
    const token = (await register(h.app, { deviceId, address, uuid: 'lost-install' })).body.data.token;
    expect((await register(h.app, { deviceId, address, uuid: 'reinstall' })).status).toBe(409);
    expect((await admin('device:release', 'demo', deviceId)).code).toBe(0);
    expect((await appCall(h.app, appHeaders(deviceId, token))).body.error.code).toBe(10005);
    expect((await register(h.app, { deviceId, address, uuid: 'reinstall' })).status).toBe(200);
  });

  it('device:list shows each device with its branch, state, uuid and settings passcode', async () => {
    const { deviceId, address } = freshDevice();
    await register(h.app, { deviceId, address, uuid: 'u-list', settingsPasscode: '2468', branch: '2' });
    await admin('device:disable', 'demo', deviceId);
    const { code, output } = await admin('device:list', 'demo');
    expect(code).toBe(0);
    const line = output.split('\n').find((l) => l.includes(deviceId));
    expect(line).toBe(
      `branch 2  ${deviceId}  registered  DISABLED  uuid u-list  settings passcode 2468  since ${h.clock.now().toISOString()}`,
    );
  });

  it('sealKnownPasscode seals only branches whose hash is that passcode, once', async () => {
    await h.database.db.update(branches).set({ devicePasscodeSealed: null }).where(eq(branches.id, 1));
    expect(await sealKnownPasscode(h.database.db, TEST_PASSCODE_KEY, 'other')).toEqual([]);
    expect(await sealKnownPasscode(h.database.db, TEST_PASSCODE_KEY, 'demo1')).toEqual([1]);
    expect(await sealKnownPasscode(h.database.db, TEST_PASSCODE_KEY, 'demo1')).toEqual([]);
    expect((await register(h.app, freshDevice())).status).toBe(200);
  });
});

const exec = promisify(execFile);
const serverRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');

describe('npm run admin (the process)', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'vv-admin-'));
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  const run = (args: string[]) =>
    exec(process.execPath, ['--import', 'tsx', 'src/cli/admin.ts', ...args], {
      cwd: serverRoot,
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', DEVICE_PASSCODE_KEY: '' },
    }).then(
      (r) => ({ code: 0, ...r }),
      (e: { code: number; stdout: string; stderr: string }) => e,
    );

  it('opens the server’s database (PGlite in DATA_DIR), makes an owner-only key file and exits with the outcome', async () => {
    const missing = await run(['device:list', 'demo']);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('No company has the key "demo"');
    const keyFile = join(dataDir, 'device-passcode.key');
    expect((await stat(keyFile)).mode & 0o777).toBe(0o600);
    expect((await readFile(keyFile, 'utf8')).trim()).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // While the server holds the PGlite database (its postmaster.pid), the command does not open it.
    const pidFile = join(dataDir, 'pglite', 'postmaster.pid');
    await writeFile(pidFile, '-42\n');
    const open = await run(['device:list', 'demo']);
    expect(open.code).toBe(1);
    expect(open.stderr).toContain('stop the server first');
    await rm(pidFile);
    const usage = await run([]);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain('Usage: npm run admin');
  }, 60_000);
});
