import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config';

/** The problems loadConfig refuses TRUST_PROXY with (it must refuse). */
function refusal(value: string): string {
  try {
    loadConfig({ TRUST_PROXY: value });
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).problems.join('\n');
  }
  throw new Error(`TRUST_PROXY=${value} was accepted`);
}

describe('TRUST_PROXY (decision 0146)', () => {
  it('unset or empty trusts no proxy', () => {
    expect(loadConfig({}).trustProxy).toBeUndefined();
    expect(loadConfig({ TRUST_PROXY: '' }).trustProxy).toBeUndefined();
    expect(loadConfig({ TRUST_PROXY: ' , ' }).trustProxy).toBeUndefined();
  });

  it('reads addresses, CIDRs and named ranges, comma-separated and trimmed', () => {
    expect(
      loadConfig({ TRUST_PROXY: ' 10.0.0.5, 10.0.0.0/8 ,2001:db8::/32,::1, loopback,uniquelocal' })
        .trustProxy,
    ).toEqual(['10.0.0.5', '10.0.0.0/8', '2001:db8::/32', '::1', 'loopback', 'uniquelocal']);
  });

  it('every accepted form is one Fastify takes and uses: the trusted peer’s X-Forwarded-For names the client', async () => {
    const forms: [string, string][] = [
      ['10.0.0.5', '10.0.0.5'],
      ['10.0.0.0/8', '10.200.1.1'],
      ['2001:db8::/32', '2001:db8::7'],
      ['::1', '::1'],
      ['loopback', '127.0.0.1'],
      ['linklocal', '169.254.3.4'],
      ['uniquelocal', '192.168.1.1'],
    ];
    for (const [value, peer] of forms) {
      const trustProxy = loadConfig({ TRUST_PROXY: value }).trustProxy;
      const app = Fastify({ trustProxy });
      app.get('/ip', async (request) => ({ ip: request.ip }));
      const seen = async (remoteAddress: string) =>
        (
          await app.inject({ url: '/ip', remoteAddress, headers: { 'x-forwarded-for': '203.0.113.10' } })
        ).json().ip;
      expect(await seen(peer), value).toBe('203.0.113.10');
      // A peer outside the list is taken as it is, whatever it forwards.
      expect(await seen('198.51.100.9'), value).toBe('198.51.100.9');
      await app.close();
    }
  });

  it('refuses trusting everyone: true, *, all, or a /0', () => {
    for (const value of ['true', 'TRUE', '*', 'all']) {
      expect(refusal(value)).toMatch(/^TRUST_PROXY: .*would trust every address.*X-Forwarded-For/);
    }
    expect(refusal('0.0.0.0/0')).toMatch(/TRUST_PROXY: "0\.0\.0\.0\/0": the prefix length must be 1 to 32/);
    expect(refusal('::/0')).toMatch(/TRUST_PROXY: "::\/0": the prefix length must be 1 to 128/);
  });

  it('refuses hop counts, which Fastify would silently turn into trusting nobody', () => {
    expect(refusal('1')).toMatch(/TRUST_PROXY: "1": hop counts are not supported/);
    expect(refusal('2')).toMatch(/hop counts are not supported/);
  });

  it('refuses what is not an address, a CIDR or a named range, naming each bad entry', () => {
    for (const value of [
      'proxy.internal',
      'false',
      '10.0.0.256',
      '10.0.0.0/8/1',
      'fe80::1%eth0',
      'private',
    ]) {
      expect(refusal(value)).toContain(`TRUST_PROXY: "${value}" is not an IP address, a CIDR or one of`);
    }
    for (const value of ['10.0.0.0/33', '10.0.0.0/', '10.0.0.0/x', '2001:db8::/129', '10.0.0.0/08a']) {
      expect(refusal(value)).toMatch(/the prefix length must be 1 to (32|128)/);
    }
    const both = refusal('10.0.0.5, nope, 10.0.0.0/40');
    expect(both).toContain('"nope"');
    expect(both).toContain('"10.0.0.0/40"');
  });
});
