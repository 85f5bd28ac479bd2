import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { APP_VERSION, parseHeldResponses, type Random } from '@venue-voice/domain';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { type Config, REQUEST_TIMEOUT_DEFAULT_MS } from './config';
import type { Db } from './db/connection';
import type { Clock } from './lib/clock';
import { loggerOptions } from './lib/logger';
import { TtlCache } from './lib/ttl-cache';
import { answerClientError, serverTimeouts } from './plugins/client-errors';
import { registerErrorHandling, toAppError } from './plugins/errors';
import { surveyLookups } from './plugins/request-context';
import { registerSecurityHeaders, setSecurityHeaders } from './plugins/security-headers';
import { consoleRoutes } from './routes/console';
import { CONSOLE_PREFIX } from './routes/console/shared';
import { deviceRoutes } from './routes/device';
import { healthRoutes } from './routes/health';
import { integrationRoutes } from './routes/integrations';
import { manageRoutes } from './routes/manage';
import { surveyRoutes } from './routes/survey';
import { type ConfigCache, forgetCompanyConfig } from './routes/survey/survey.config';
import { uploadRoutes } from './routes/uploads';
import { alertRunner } from './services/alerts';
import { createDeviceActivity, type DeviceActivity, deviceCallOf } from './services/devices/activity';
import { REGISTRATION_POLICY } from './services/devices/registration-limit';
import type { ExportProcesses } from './services/exports';
import type { Mailer } from './services/mail';
import { CONSOLE_AUTH_POLICY } from './services/operators/sign-in';
import { createLimiters, DEFAULT_CREATE_LIMITS } from './services/rate-limit/create-limits';
import { createRateLimiter, type RateLimiter } from './services/rate-limit/limiter';
import { STAFF_PIN_POLICY } from './services/staff/staff-actor';
import type { Storage } from './services/storage';
import { type SuggestionProvider, suggestionProviderFor } from './services/suggestion';
import { VersionDocuments } from './services/survey-versions';
import { createWebhookSender, DEFAULT_DELIVERY_OPTIONS, type WebhookSender } from './services/webhooks';

export interface AppDeps {
  db: Db;
  /** `ai` picks the review-suggestion provider (absent: the local generator). */
  /** `trustProxy`: the proxies whose X-Forwarded-For names the client (absent: none, request.ip is the peer). */
  /** `requestTimeoutMs`: the deadline for a whole request to arrive (absent: the config's default, decision 0192). */
  /** `botCheck`: verify web creates' reCAPTCHA tokens (absent: no check, decision 0200). */
  /** `publicUrl`: the site's origin for the console's Origin check and links (absent: the request's own). */
  config: Pick<Config, 'logLevel'> &
    Partial<
      Pick<
        Config,
        | 'ai'
        | 'redisUrl'
        | 'trustProxy'
        | 'createLimits'
        | 'requestTimeoutMs'
        | 'botCheck'
        | 'publicUrl'
        | 'integrationKeyLimit'
        | 'webhooks'
      >
    >;
  clock: Clock;
  /** Chance on the server (instant-win vouchers); tests pass seededRandom. Default Math.random. */
  random?: Random;
  /** survey.prompt's provider; default from config.ai (tests point it at a stub server). */
  suggestions?: SuggestionProvider;
  /** Reuse read-mostly answers this long (main.ts: CONFIG_CACHE_TTL_MS); omitted means no caching. */
  cacheTtlMs?: number;
  /** Photo storage (serve.ts: createStorage(config.storage), shared with the orphan-photo sweep). */
  storage: Storage;
  /** survey.transaction's lookup limits; default Redis when config.redisUrl is set, else the rate_limits table. */
  rateLimiter?: RateLimiter;
  /** The key branch device passcodes are sealed with (serve.ts: loadPasscodeKey, decision 0080). */
  passcodeKey: Buffer;
  /** device.register's failure limits; default Redis when config.redisUrl is set, else the rate_limits table. */
  registrationLimiter?: RateLimiter;
  /** Wrong X-Staff-Pin values of manage.* (STAFF_PIN_POLICY); default like the registration limiter. */
  staffPinLimiter?: RateLimiter;
  /** Console sign-in, password-reset and current-password failures (CONSOLE_AUTH_POLICY); default like the others. */
  consoleAuthLimiter?: RateLimiter;
  /** Outgoing mail (serve.ts: createMailer from config.mail; tests: an outbox or a loopback SMTP server). */
  mailer: Mailer;
  /** Where log lines go; default stdout (tests read the log of a journey from a buffer). */
  logStream?: { write(line: string): void };
  /** Records tablets' last calls (decision 0212); default one writing at most once a minute per device. */
  deviceActivity?: DeviceActivity;
  /** Sends queued webhook deliveries (decision 0245); default one over `db` with config.webhooks, stopped on close. */
  webhookSender?: WebhookSender;
  /**
   * Export processes on PostgreSQL (serve.ts: exportProcesses over DATABASE_URL, decision 0262): big
   * exports are written there; closed with the app. Absent (PGlite, most tests): every export in this thread.
   */
  exportProcesses?: ExportProcesses;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Kick it after queueing webhook events (services/webhooks enqueueEvent) so they leave at once. */
    webhookSender: WebhookSender;
  }
}

/** Builds the API (not listening); main.ts listens, tests call app.inject. */
export async function buildApp({
  db,
  config,
  clock,
  cacheTtlMs = 0,
  random,
  suggestions = suggestionProviderFor(config.ai),
  storage,
  rateLimiter,
  passcodeKey,
  registrationLimiter,
  staffPinLimiter,
  consoleAuthLimiter,
  mailer,
  logStream,
  deviceActivity,
  webhookSender,
  exportProcesses,
}: AppDeps): Promise<FastifyInstance> {
  const requestTimeout = config.requestTimeoutMs ?? REQUEST_TIMEOUT_DEFAULT_MS;
  const app = Fastify({
    logger: loggerOptions(config.logLevel, logStream),
    // A URL the router cannot read (bad escape, a path segment over 100 characters) gets the error
    // envelope (10026) and the security headers too, instead of Fastify's own body (issue 9's fuzz).
    frameworkErrors: (error, request, reply: FastifyReply) => {
      const appError = toAppError(error, request);
      request.log.info({ code: appError.code }, appError.message);
      reply.type('application/json; charset=utf-8');
      setSecurityHeaders(request, reply);
      return reply.status(appError.status).send(appError.toBody());
    },
    // JSON bodies are small; uploads are multipart and set their own limit.
    bodyLimit: 1_048_576,
    // request.ip keys the per-address guess limits: off, a client cannot pick it with X-Forwarded-For;
    // behind a load balancer only its listed addresses are believed (decision 0146).
    trustProxy: config.trustProxy ?? false,
    // Fastify turns Node's request deadline off (0): a body sent a byte at a time held its connection
    // forever (issue 27). Headers to last byte within requestTimeout, checked often enough that the
    // connection closes at the deadline, answered 408 by answerClientError (decision 0192).
    requestTimeout,
    http: serverTimeouts(requestTimeout),
    clientErrorHandler: answerClientError,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  registerSecurityHeaders(app);
  // A limiter made here is closed here; one passed in belongs to the caller (main.ts shares it with the jobs).
  const limiter = rateLimiter ?? createRateLimiter({ db, redisUrl: config.redisUrl });
  if (!rateLimiter) app.addHook('onClose', () => limiter.close());
  const registrations =
    registrationLimiter ?? createRateLimiter({ db, redisUrl: config.redisUrl }, REGISTRATION_POLICY);
  if (!registrationLimiter) app.addHook('onClose', () => registrations.close());
  const staffPins = staffPinLimiter ?? createRateLimiter({ db, redisUrl: config.redisUrl }, STAFF_PIN_POLICY);
  if (!staffPinLimiter) app.addHook('onClose', () => staffPins.close());
  const consoleAuth =
    consoleAuthLimiter ?? createRateLimiter({ db, redisUrl: config.redisUrl }, CONSOLE_AUTH_POLICY);
  if (!consoleAuthLimiter) app.addHook('onClose', () => consoleAuth.close());
  // Counted on every web create: Redis when shared, else this process's memory (decision 0189).
  const creates = createLimiters(
    { db, redisUrl: config.redisUrl },
    config.createLimits ?? DEFAULT_CREATE_LIMITS,
  );
  app.addHook('onClose', () => creates.close());
  const configCache: ConfigCache = new TtlCache(cacheTtlMs);
  // Guests' slug and branch lookups: emptied when the console changes a survey, so one switched on or
  // published is served at once (other replicas within cacheTtlMs).
  const lookups = surveyLookups(db, cacheTtlMs);
  app.decorateRequest('ctx', null as never);
  // A tablet's last call, sync, upload and held responses (decision 0212): noted once the answer is sent.
  const activity = deviceActivity ?? createDeviceActivity({ db, log: app.log });
  app.addHook('onResponse', async (request, reply) => {
    const device = request.ctx?.device;
    if (!device) return;
    const held = parseHeldResponses(request.headers['x-device-queue']);
    activity.record(device.id, deviceCallOf(request.routeOptions.url, reply.statusCode, held, clock.now()));
  });
  app.addHook('onClose', () => activity.flush());
  // Webhook deliveries leave right after their events are queued; the close waits for sends in flight.
  const webhookOptions = config.webhooks ?? DEFAULT_DELIVERY_OPTIONS;
  const webhooks = webhookSender ?? createWebhookSender({ db, clock, options: webhookOptions, log: app.log });
  app.decorate('webhookSender', webhooks);
  if (!webhookSender) app.addHook('onClose', () => webhooks.stop());

  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Venue Voice platform API',
        description: 'Guest survey and venue tablet API (see docs/api.md).',
        version: APP_VERSION,
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  // The alert pass after each stored response (decision 0247): in the background, waited for at close.
  const alerts = alertRunner({
    db,
    mailer,
    clock,
    log: app.log,
    publicUrl: config.publicUrl,
    fallbackOrigin: 'http://localhost',
    afterEvents: () => webhooks.kick(),
  });
  app.addHook('onClose', alerts.settle);

  await app.register(healthRoutes, { db });
  // One per app (decision 0256): a version never changes, so each is read once by guests' and console calls.
  const versions = new VersionDocuments();
  await app.register(surveyRoutes, {
    prefix: '/api/v1/survey',
    db,
    clock,
    cacheTtlMs,
    random,
    suggestions,
    storage,
    rateLimiter: limiter,
    createLimiters: creates,
    configCache,
    lookups,
    botCheck: config.botCheck,
    alerts,
    publicUrl: config.publicUrl,
    versions,
  });
  await app.register(uploadRoutes, { prefix: '/api/v1/uploads', db, storage });
  await app.register(deviceRoutes, {
    prefix: '/api/v1/device',
    db,
    clock,
    passcodeKey,
    registrationLimiter: registrations,
  });
  await app.register(manageRoutes, {
    prefix: '/api/v1/manage',
    db,
    clock,
    storage,
    staffPinLimiter: staffPins,
    onTeamChange: (companyId) => forgetCompanyConfig(configCache, companyId),
  });
  await app.register(integrationRoutes, {
    prefix: '/api/v1/integrations',
    db,
    clock,
    redisUrl: config.redisUrl,
    keyLimitPerMinute: config.integrationKeyLimit,
  });
  await app.register(consoleRoutes, {
    prefix: CONSOLE_PREFIX,
    db,
    clock,
    authLimiter: consoleAuth,
    publicUrl: config.publicUrl,
    mailer,
    versions,
    webhooks: { policy: webhookOptions, sender: webhooks },
    exportProcesses,
    setup: {
      storage,
      passcodeKey,
      onCompanyChange: (companyId) => {
        forgetCompanyConfig(configCache, companyId);
        lookups.forget();
      },
    },
  });
  return app;
}
