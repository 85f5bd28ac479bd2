import { type PinVerifier, TeamMemberStatus } from '@venue-voice/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { pinHash, pinHolders } from './pin-verifier';

const hex = (base64url: string) => Buffer.from(base64url, 'base64url').toString('hex');
const SALT = Buffer.from('a tablet salt 16').toString('base64url');
const verifier = async (pin: string, salt = SALT, iterations = 1000): Promise<PinVerifier> => ({
  algorithm: 'PBKDF2-SHA256',
  iterations,
  salt,
  hash: await pinHash(pin, salt, iterations),
});

afterEach(() => vi.restoreAllMocks());

describe('staff PIN verifiers on the tablet (decision 0197)', () => {
  it.each([
    [1, '120fb6cffcf8b32c43e7225256c4f837a86548c92ccc35480805987cb70be17b'],
    [4096, 'c5e478d59288c841aa530db6845c4c8d962893a001ce4e11a4963873aa98134a'],
  ])(
    'pinHash is PBKDF2-HMAC-SHA256, 32 bytes (RFC 7914 / RFC 6070 vectors, %i rounds)',
    async (rounds, expected) => {
      const salt = Buffer.from('salt').toString('base64url');
      expect(hex(await pinHash('password', salt, rounds))).toBe(expected);
    },
  );

  it('D4.21 D4.66 the typed PIN finds the member whose verifier it matches, and nobody else', async () => {
    const members = [
      { id: 1, status: TeamMemberStatus.ACTIVE, pinVerifier: await verifier('1111') },
      { id: 2, status: TeamMemberStatus.ACTIVE, pinVerifier: await verifier('2222') },
      { id: 3, status: TeamMemberStatus.ACTIVE, pinVerifier: null },
      { id: 4, status: TeamMemberStatus.ACTIVE },
    ];
    expect([...(await pinHolders('2222', members))]).toEqual([2]);
    expect([...(await pinHolders('1111', members))]).toEqual([1]);
    expect([...(await pinHolders('1112', members))]).toEqual([]);
  });

  it('D4.66 one derivation checks a whole team that shares the device salt; another salt needs its own', async () => {
    const members = [
      { id: 1, pinVerifier: await verifier('1111') },
      { id: 2, pinVerifier: await verifier('2222') },
      { id: 3, pinVerifier: await verifier('3333') },
      { id: 4, pinVerifier: await verifier('3333', Buffer.from('another salt').toString('base64url')) },
    ];
    const derive = vi.spyOn(crypto.subtle, 'deriveBits');
    expect([...(await pinHolders('3333', members))]).toEqual([3, 4]);
    expect(derive).toHaveBeenCalledTimes(2);
  });

  it('D4.66 a verifier made for another tablet (other salt) does not match the same PIN here', async () => {
    const mine = await verifier('1111');
    const theirs = await verifier('1111', Buffer.from('someone else').toString('base64url'));
    expect(mine.hash).not.toBe(theirs.hash);
    const borrowed = { ...theirs, salt: mine.salt };
    expect([...(await pinHolders('1111', [{ id: 1, pinVerifier: borrowed }]))]).toEqual([]);
  });
});
