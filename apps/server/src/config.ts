import { isIP } from 'node:net';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { INTEGRATION_KEY_LIMIT_DEFAULT } from '@venue-voice/domain';
import addressparser from 'nodemailer/lib/addressparser';
import { z } from 'zod';
import { EXPORT_PROCESS_FROM_ROWS } from './services/exports/launcher';
import { type CreateLimits, DEFAULT_CREATE_LIMITS } from './services/rate-limit/create-limits';
import type { DeliveryOptions } from './services/webhooks/deliver';

/**
 * The request deadline's default (decision 0192): 10 MB at Chrome's "Slow 3G" upload rate (400 kbit/s
 * after its 0.8 factor) takes 200 s; 300 s leaves room for a slower link, as Node's own default does.
 */
export const REQUEST_TIMEOUT_DEFAULT_MS = 300_000;

const packageRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** Google's reCAPTCHA verify endpoint, the default of RECAPTCHA_VERIFY_URL. */
export const RECAPTCHA_SITEVERIFY = 'https://www.google.com/recaptcha/api/siteverify';

const LogLevel = z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']);

/** An optional URL; an empty string counts as unset (a blank line in an env file). */
function optionalUrl(pattern: RegExp, message: string) {
  return z
    .string()
    .regex(pattern, message)
    .optional()
    .or(z.literal('').transform(() => undefined));
}

/** proxy-addr's range names, which Fastify passes on: 127/8 and ::1; 169.254/16 and fe80::/10; private ranges. */
const NAMED_RANGES = ['loopback', 'linklocal', 'uniquelocal'];

/**
 * Why one TRUST_PROXY entry cannot be used, or null when it is an address, a CIDR or a named range.
 * Trusting everyone (true, *, a /0) and hop counts are refused: decision 0146.
 */
function proxyEntryProblem(entry: string): string | null {
  if (NAMED_RANGES.includes(entry)) return null;
  if (/^(true|\*|all)$/i.test(entry)) {
    return `"${entry}" would trust every address, so any client could pick its own with X-Forwarded-For; list the proxy's addresses or CIDRs`;
  }
  if (/^\d+$/.test(entry)) {
    return `"${entry}": hop counts are not supported (Fastify cannot tell a proxy from a client by a count and ignores the header); list the proxy's addresses or CIDRs`;
  }
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = address.includes('%') ? 0 : isIP(address);
  if (version === 0 || rest.length > 0) {
    return `"${entry}" is not an IP address, a CIDR or one of ${NAMED_RANGES.join(', ')}`;
  }
  if (prefix === undefined) return null;
  const bits = /^\d{1,3}$/.test(prefix) ? Number(prefix) : Number.NaN;
  const max = version === 4 ? 32 : 128;
  if (!(bits >= 1 && bits <= max)) {
    return `"${entry}": the prefix length must be 1 to ${max} (a /0 would trust every address)`;
  }
  return null;
}

/** TRUST_PROXY: a comma-separated list; unset or empty trusts no proxy (X-Forwarded-For is ignored). */
const TrustProxy = z
  .string()
  .optional()
  .transform((raw, ctx) => {
    const entries = (raw ?? '')
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean);
    for (const entry of entries) {
      const problem = proxyEntryProblem(entry);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }
    return entries.length > 0 ? entries : undefined;
  });

/** MAIL_FROM's default: the outbox needs no real address; an SMTP server may want its own domain's. */
export const MAIL_FROM_DEFAULT = 'Venue Voice <no-reply@localhost>';

/** MAIL_FROM: one mailbox, `Name <address>` or a bare address, as nodemailer reads it. */
const MailFrom = z
  .string()
  .optional()
  .transform((raw) => raw || MAIL_FROM_DEFAULT)
  .refine((raw) => {
    const parsed = addressparser(raw);
    return parsed.length === 1 && /^[^@\s]+@[^@\s]+$/.test(parsed[0]?.address ?? '');
  }, 'must be one address, e.g. "Venue Voice <no-reply@example.com>"');

/**
 * PUBLIC_URL: the site's origin as people reach it (links in mails, guest links and QR codes, the
 * Origin check); unset, each request's own origin. An origin only: the app is served at the root.
 */
const PublicUrl = z
  .string()
  .optional()
  .transform((raw, ctx) => {
    if (!raw) return undefined;
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      ctx.addIssue({ code: 'custom', message: 'must be an http(s) URL, e.g. https://feedback.example.com' });
      return undefined;
    }
    if (!/^https?:$/.test(url.protocol) || url.username || url.password) {
      ctx.addIssue({ code: 'custom', message: 'must be an http(s) URL without a user or password' });
    } else if (url.pathname !== '/' || url.search || url.hash) {
      ctx.addIssue({
        code: 'custom',
        message: `must be an origin without a path (the app is served at the root): ${url.origin}`,
      });
    }
    return url.origin;
  });

const EnvSchema = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65_535).default(8080),
    HOST: z.string().min(1).default('0.0.0.0'),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
      .optional()
      .or(z.literal('').transform(() => undefined)),
    LOG_LEVEL: LogLevel.default('info'),
    // The load balancer's addresses, whose X-Forwarded-For gives the client address (decision 0146).
    TRUST_PROXY: TrustProxy,
    WEB_DIST: z.string().min(1).default(resolve(packageRoot, '../web/dist')),
    // The operator console's build, served at /console (decision 0222).
    CONSOLE_DIST: z.string().min(1).default(resolve(packageRoot, '../console/dist')),
    // How long read-mostly answers (survey config) are reused: the most a replica can be stale.
    CONFIG_CACHE_TTL_MS: z.coerce.number().int().min(0).max(300_000).default(5000),
    // From how many rows an export on PostgreSQL is written by an export process (decision 0262).
    EXPORT_PROCESS_FROM_ROWS: z.coerce.number().int().min(0).default(EXPORT_PROCESS_FROM_ROWS),
    // Anonymous (web) creates and vouchers without a receipt, per address and per survey (decision 0189).
    CREATE_LIMIT_PER_ADDRESS: z.coerce.number().int().min(1).default(DEFAULT_CREATE_LIMITS.perAddress),
    CREATE_LIMIT_PER_SURVEY: z.coerce.number().int().min(1).default(DEFAULT_CREATE_LIMITS.perSurvey),
    CREATE_LIMIT_WINDOW_MINUTES: z.coerce
      .number()
      .int()
      .min(1)
      .max(1440)
      .default(DEFAULT_CREATE_LIMITS.windowMinutes),
    VOUCHERS_PER_ADDRESS_PER_DAY: z.coerce
      .number()
      .int()
      .min(0)
      .default(DEFAULT_CREATE_LIMITS.vouchersPerAddressPerDay),
    // Requests one integration key may make in a minute (decision 0241): a busy chain's tills.
    INTEGRATION_KEY_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(INTEGRATION_KEY_LIMIT_DEFAULT),
    // The most a request may take to arrive, headers to last body byte (decision 0192): a 10 MB photo
    // from a slow 3G phone fits; a body trickled in to hold a connection open does not.
    REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1000).max(3_600_000).default(REQUEST_TIMEOUT_DEFAULT_MS),
    // The site's own origin as browsers see it (the console's Origin check, links in e-mails and QR codes).
    PUBLIC_URL: PublicUrl,
    // Rate-limit counters: Redis when set (shared by replicas), else the database.
    REDIS_URL: optionalUrl(/^rediss?:\/\//, 'must be a redis:// or rediss:// URL'),
    // Uploads: a local directory (DATA_DIR/uploads) unless an S3-compatible bucket is configured.
    STORAGE: z.enum(['local', 's3']).default('local'),
    S3_ENDPOINT: optionalUrl(/^https?:\/\//, 'must be an http(s) URL'),
    S3_BUCKET: z.string().min(1).optional(),
    S3_REGION: z.string().min(1).default('us-east-1'),
    S3_ACCESS_KEY_ID: z.string().min(1).optional(),
    S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    // Review suggestions: drafted locally unless an OpenAI-compatible endpoint is configured.
    AI_BASE_URL: optionalUrl(/^https?:\/\//, 'must be an http(s) URL'),
    AI_API_KEY: z.string().min(1).optional(),
    AI_MODEL: z.string().min(1).default('gpt-4o-mini'),
    AI_TIMEOUT_MS: z.coerce.number().int().positive().default(8000),
    // Seals branch device passcodes (decision 0080); unset: a key file in DATA_DIR, made on first start.
    DEVICE_PASSCODE_KEY: z
      .string()
      .regex(/^(?:[0-9a-fA-F]{64}|[A-Za-z0-9_-]{43})$/, 'must be 64 hex digits or 43 base64url characters')
      .optional()
      .or(z.literal('').transform(() => undefined)),
    // Bot protection of web creates (decision 0200): off unless the reCAPTCHA secret is set.
    RECAPTCHA_SECRET: z
      .string()
      .min(1)
      .optional()
      .or(z.literal('').transform(() => undefined)),
    RECAPTCHA_VERIFY_URL: optionalUrl(/^https?:\/\//, 'must be an http(s) URL'),
    RECAPTCHA_MIN_SCORE: z.coerce.number().min(0).max(1).default(0.5),
    RECAPTCHA_TIMEOUT_MS: z.coerce.number().int().positive().max(30_000).default(3000),
    // Mail (invitations, password resets): over SMTP when set, else into DATA_DIR/outbox.
    SMTP_URL: optionalUrl(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL'),
    MAIL_FROM: MailFrom,
    // Webhooks (decision 0245): targets in private, loopback, link-local, CGNAT or unique-local ranges
    // (and http) only when set to 1, for a receiver on the same network or a local test.
    WEBHOOK_ALLOW_PRIVATE: z.enum(['0', '1', '']).default('0'),
    WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(1000).max(60_000).default(15_000),
    // Shortens the 24-hour retry schedule (0.001: a day in 86 s) for a benchmark's quick variant.
    WEBHOOK_TIME_SCALE: z.coerce.number().positive().max(1).default(1),
  })
  .superRefine((env, ctx) => {
    if (env.STORAGE !== 's3') return;
    for (const key of ['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const) {
      if (!env[key]) ctx.addIssue({ code: 'custom', path: [key], message: 'required when STORAGE=s3' });
    }
  });

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** PostgreSQL when set; otherwise PGlite stored in `${dataDir}/pglite`. */
  databaseUrl: string | undefined;
  logLevel: z.infer<typeof LogLevel>;
  /**
   * Fastify's trustProxy: the proxies (addresses, CIDRs, proxy-addr range names) whose X-Forwarded-For
   * names the client; undefined trusts none, so request.ip is the TCP peer (decision 0146).
   */
  trustProxy: string[] | undefined;
  webDist: string;
  /** The console's build (apps/console/dist), served at /console. */
  consoleDist: string;
  configCacheTtlMs: number;
  /** From how many rows an export on PostgreSQL leaves the server for an export process (decision 0262). */
  exportProcessFromRows: number;
  /** The site's origin (PUBLIC_URL, e.g. `https://feedback.example.com`); undefined: the request's own. */
  publicUrl: string | undefined;
  /** Node's requestTimeout: a request not fully received by then answers 408 and is closed (decision 0192). */
  requestTimeoutMs: number;
  redisUrl: string | undefined;
  /** How many web creates and receipt-less vouchers an address and a survey get (decision 0189). */
  createLimits: CreateLimits;
  /** Requests a minute per integration key (decision 0241). */
  integrationKeyLimit: number;
  storage:
    | { kind: 'local'; dir: string }
    | {
        kind: 's3';
        endpoint: string;
        bucket: string;
        region: string;
        accessKeyId: string;
        secretAccessKey: string;
      };
  /** OpenAI-compatible chat completions endpoint; undefined means the local generator. */
  ai: { baseUrl: string; apiKey: string | undefined; model: string; timeoutMs: number } | undefined;
  /** The key branch device passcodes are sealed with; undefined: `${dataDir}/device-passcode.key`. */
  devicePasscodeKey: string | undefined;
  /** Web creates must carry a reCAPTCHA token the provider verifies; undefined: no check (decision 0200). */
  botCheck: BotCheckConfig | undefined;
  /** Outgoing mail: SMTP when smtpUrl is set, else one .eml file per mail in outboxDir. */
  mail: { smtpUrl: string | undefined; from: string; outboxDir: string };
  /** Webhook deliveries: private targets allowed, an attempt's deadline, the retry schedule's scale. */
  webhooks: DeliveryOptions;
}

export interface BotCheckConfig {
  secret: string;
  /** The provider's siteverify endpoint (a local stand-in in tests). */
  verifyUrl: string;
  /** Lowest reCAPTCHA v3 score (0 bot … 1 human) accepted. */
  minScore: number;
  /** One deadline for the verify call: connect, wait and read. */
  timeoutMs: number;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid environment:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Validates the environment once at start; the only place that reads process.env. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`));
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    webDist: resolve(e.WEB_DIST),
    consoleDist: resolve(e.CONSOLE_DIST),
    configCacheTtlMs: e.CONFIG_CACHE_TTL_MS,
    exportProcessFromRows: e.EXPORT_PROCESS_FROM_ROWS,
    requestTimeoutMs: e.REQUEST_TIMEOUT_MS,
    publicUrl: e.PUBLIC_URL,
    redisUrl: e.REDIS_URL,
    createLimits: {
      perAddress: e.CREATE_LIMIT_PER_ADDRESS,
      perSurvey: e.CREATE_LIMIT_PER_SURVEY,
      windowMinutes: e.CREATE_LIMIT_WINDOW_MINUTES,
      vouchersPerAddressPerDay: e.VOUCHERS_PER_ADDRESS_PER_DAY,
    },
    integrationKeyLimit: e.INTEGRATION_KEY_LIMIT_PER_MINUTE,
    storage:
      e.STORAGE === 's3'
        ? {
            kind: 's3',
            endpoint: e.S3_ENDPOINT as string,
            bucket: e.S3_BUCKET as string,
            region: e.S3_REGION,
            accessKeyId: e.S3_ACCESS_KEY_ID as string,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY as string,
          }
        : { kind: 'local', dir: resolve(e.DATA_DIR, 'uploads') },
    ai: e.AI_BASE_URL
      ? { baseUrl: e.AI_BASE_URL, apiKey: e.AI_API_KEY, model: e.AI_MODEL, timeoutMs: e.AI_TIMEOUT_MS }
      : undefined,
    devicePasscodeKey: e.DEVICE_PASSCODE_KEY,
    botCheck: e.RECAPTCHA_SECRET
      ? {
          secret: e.RECAPTCHA_SECRET,
          verifyUrl: e.RECAPTCHA_VERIFY_URL ?? RECAPTCHA_SITEVERIFY,
          minScore: e.RECAPTCHA_MIN_SCORE,
          timeoutMs: e.RECAPTCHA_TIMEOUT_MS,
        }
      : undefined,
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM, outboxDir: resolve(e.DATA_DIR, 'outbox') },
    webhooks: {
      allowPrivate: e.WEBHOOK_ALLOW_PRIVATE === '1',
      timeoutMs: e.WEBHOOK_TIMEOUT_MS,
      timeScale: e.WEBHOOK_TIME_SCALE,
    },
  };
}
