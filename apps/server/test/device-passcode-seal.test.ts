import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { devicePass } from '@venue-voice/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  loadPasscodeKey,
  openPasscode,
  parsePasscodeKey,
  passMatches,
  sealPasscode,
} from '../src/services/devices/passcode-seal';
import { passFor } from './device-fixtures';

const key = Buffer.alloc(32, 1);

describe('device passcode sealing', () => {
  it('opens what it sealed, for the same branch and key only', () => {
    const sealed = sealPasscode(key, 5, 'demo1');
    expect(sealed).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(sealed).not.toContain('demo1');
    expect(openPasscode(key, 5, sealed)).toBe('demo1');
    expect(openPasscode(key, 6, sealed)).toBeNull();
    expect(openPasscode(Buffer.alloc(32, 2), 5, sealed)).toBeNull();
    // A fresh nonce each time: the same passcode never seals to the same text.
    expect(sealPasscode(key, 5, 'demo1')).not.toBe(sealed);
  });

  it.each([
    ['a changed ciphertext', (s: string) => `${s.slice(0, -2)}${s.endsWith('A') ? 'B' : 'A'}A`],
    ['another version', (s: string) => s.replace(/^v1/, 'v2')],
    ['a missing part', (s: string) => s.split('.').slice(0, 3).join('.')],
    ['not sealed at all', () => 'demo1'],
  ])('%s does not open', (_name, change) => {
    expect(openPasscode(key, 5, change(sealPasscode(key, 5, 'demo1')))).toBeNull();
  });

  it('checks the spec’s pass (the domain’s devicePass) against node:crypto’s SHA-256 of DEVICEID + passcode', async () => {
    const pass = await devicePass('tab-1', 'demo1');
    expect(pass).toBe(passFor('TAB-1', 'demo1'));
    expect(passMatches(pass, passFor('tab-1', 'demo1'))).toBe(true);
    expect(passMatches(pass, passFor('tab-1', 'demo2'))).toBe(false);
    expect(passMatches(pass, 'short')).toBe(false);
  });

  it('reads a key as 64 hex digits or 43 base64url characters, and nothing else', () => {
    expect(parsePasscodeKey('01'.repeat(32))).toEqual(Buffer.alloc(32, 1));
    expect(parsePasscodeKey(Buffer.alloc(32, 1).toString('base64url'))).toEqual(Buffer.alloc(32, 1));
    expect(() => parsePasscodeKey('abc')).toThrow(/32 bytes/);
  });
});

describe('loadPasscodeKey', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'vv-key-'));
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  it('DEVICE_PASSCODE_KEY wins over the file', async () => {
    const key = await loadPasscodeKey({ devicePasscodeKey: 'ab'.repeat(32), dataDir });
    expect(key).toEqual(Buffer.alloc(32, 0xab));
  });

  it('without it, makes an owner-only key file once and reads the same key afterwards, also in parallel', async () => {
    const keys = await Promise.all(
      Array.from({ length: 3 }, () => loadPasscodeKey({ devicePasscodeKey: undefined, dataDir })),
    );
    const again = await loadPasscodeKey({ devicePasscodeKey: undefined, dataDir });
    for (const key of keys) expect(key).toEqual(again);
    expect(again).toHaveLength(32);
    const file = join(dataDir, 'device-passcode.key');
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(Buffer.from((await readFile(file, 'utf8')).trim(), 'base64url')).toEqual(again);
  });
});
