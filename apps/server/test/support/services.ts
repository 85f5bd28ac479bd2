import { Redis } from 'ioredis';

const IN_CI = /^(true|1)$/i.test(process.env.CI ?? '');

/**
 * The URL of a service some tests need, from the variable the README names (TEST_DATABASE_URL,
 * TEST_REDIS_URL). Unset: undefined, and those tests are skipped, except in CI (CI=true), where this
 * throws: a CI machine that lacks the service fails the run instead of passing without the tests.
 */
export function serviceUrl(variable: 'TEST_DATABASE_URL' | 'TEST_REDIS_URL'): string | undefined {
  const url = process.env[variable];
  if (url) return url;
  if (IN_CI) throw new Error(`${variable} is not set: CI runs the tests that need it (README, Tests)`);
  return undefined;
}

/** Throws unless Redis answers PING at `url` within a second: a set TEST_REDIS_URL is never skipped. */
export async function expectRedis(url: string): Promise<void> {
  const probe = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, connectTimeout: 1000 });
  probe.on('error', () => {});
  try {
    await probe.connect();
    if ((await probe.ping()) !== 'PONG') throw new Error('no PONG');
  } catch (error) {
    throw new Error(`TEST_REDIS_URL is set but Redis does not answer at ${url}: ${error}`);
  } finally {
    probe.disconnect();
  }
}
