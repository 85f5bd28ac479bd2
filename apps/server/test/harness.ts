import { randomBytes } from 'node:crypto';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { type AppDeps, buildApp } from '../src/app';
import type { Database } from '../src/db/connection';
import { devices } from '../src/db/schema';
import { fixedClock } from '../src/lib/clock';
import { hashToken } from '../src/plugins/request-context';
import type { CreateLimits } from '../src/services/rate-limit/create-limits';
import type { RateLimiter } from '../src/services/rate-limit/limiter';
import type { Storage } from '../src/services/storage';
import type { TestDatabaseTarget } from './databases';
import { roomyLimiter } from './support/limiters';
import { type TempOutbox, tempOutbox } from './support/mail';
import { TEST_PASSCODE_KEY } from './support/passcode-key';
import { type TempPhotoStorage, tempPhotoStorage } from './support/photo-storage';

export const NOW = new Date('2025-06-14T18:30:00Z');

/** Limits no test about other behaviour reaches (thousands of creates and vouchers from 127.0.0.1). */
export const ROOMY_CREATE_LIMITS: CreateLimits = {
  perAddress: 1_000_000,
  perSurvey: 1_000_000,
  windowMinutes: 10,
  vouchersPerAddressPerDay: 1_000_000,
};

export interface Harness {
  app: FastifyInstance;
  database: Database;
  /** The app's photo storage (the orphan-photo sweep of a test's jobs takes it too). */
  storage: Storage;
  /** The app's mailer's outbox (a temporary directory, removed on close); empty when deps gave a mailer. */
  outbox: TempOutbox;
  close(): Promise<void>;
}

/**
 * A seeded database of the target and an app over it with the clock fixed at NOW unless given, its
 * photos and its mail outbox in temporary directories of its own (removed on close) and
 * TEST_PASSCODE_KEY, unless given.
 */
export async function startHarness(
  target: TestDatabaseTarget,
  // No lookup limits unless a test asks (rate-limit*.test.ts): many tests make failed lookups from one address.
  options: {
    beforeReady?: (app: FastifyInstance) => void;
    rateLimiter?: RateLimiter;
    /** The app's random source (instant-win draws) and answer cache, when a test chooses them. */
    random?: AppDeps['random'];
    cacheTtlMs?: number;
    /** The app's clock; default fixed at NOW. */
    clock?: AppDeps['clock'];
    /** Runs on the seeded database before the app is built (device tests seal the branches' passcode). */
    prepare?: (database: Database) => Promise<unknown>;
    /** Limits of web creates; default roomy: tests send many from one address (create-limits.test.ts tests them). */
    createLimits?: CreateLimits;
    /** More of the app's dependencies, built over the database (device tests: limiter; photo tests: storage). */
    deps?: (database: Database) => Partial<AppDeps>;
  } = {},
): Promise<Harness> {
  const { database, drop } = await target.create({ now: NOW });
  let photos: TempPhotoStorage | undefined;
  let outbox: TempOutbox | undefined;
  try {
    outbox = await tempOutbox();
    await options.prepare?.(database);
    const deps = options.deps?.(database) ?? {};
    let storage = deps.storage;
    if (!storage) {
      photos = await tempPhotoStorage();
      storage = photos.storage;
    }
    const app = await buildApp({
      db: database.db,
      config: { logLevel: 'silent', createLimits: options.createLimits ?? ROOMY_CREATE_LIMITS },
      clock: options.clock ?? fixedClock(NOW),
      rateLimiter: options.rateLimiter ?? roomyLimiter(),
      ...(options.random ? { random: options.random } : {}),
      cacheTtlMs: options.cacheTtlMs ?? 0,
      passcodeKey: TEST_PASSCODE_KEY,
      mailer: outbox.mailer,
      ...deps,
      storage,
    });
    options.beforeReady?.(app);
    await app.ready();
    return {
      app,
      database,
      storage,
      outbox,
      close: async () => {
        await app.close();
        await drop();
        await photos?.remove();
        await outbox?.remove();
      },
    };
  } catch (error) {
    await drop();
    await photos?.remove();
    await outbox?.remove();
    throw error;
  }
}

/** Web-mode headers for a slug (the guest). */
export const web = (slug = 'demo-bistro', extra: Record<string, string> = {}) => ({
  'x-auth-type': 'web',
  'x-survey-slug': slug,
  ...extra,
});

let deviceCounter = 0;

/** Inserts a device row (registration is another call) and returns app-mode headers for it. */
export async function insertDevice(
  database: Database,
  options: { branchId?: number; enabled?: boolean } = {},
): Promise<Record<string, string>> {
  const token = randomBytes(32).toString('base64url');
  deviceCounter += 1;
  const deviceId = `test-device-${deviceCounter}-${randomBytes(3).toString('hex')}`;
  await database.db.insert(devices).values({
    companyId: 1,
    branchId: options.branchId ?? 1,
    deviceId,
    uuid: randomBytes(16).toString('hex'),
    tokenHash: hashToken(token),
    enabled: options.enabled ?? true,
  });
  return { 'x-auth-type': 'app', 'x-device-id': deviceId, authorization: `Bearer ${token}` };
}

/** app.inject with a JSON body parsed. */
export async function call(app: FastifyInstance, options: InjectOptions) {
  const response = await app.inject(options);
  // biome-ignore lint/suspicious/noExplicitAny: tests read answer bodies loosely and assert on them.
  let body: any = null;
  try {
    body = response.body === '' ? null : JSON.parse(response.body);
  } catch {
    body = response.body;
  }
  return { status: response.statusCode, body, headers: response.headers };
}
