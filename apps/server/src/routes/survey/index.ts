import type { Random } from '@venue-voice/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { BotCheckConfig } from '../../config';
import type { Db } from '../../db/connection';
import type { Clock } from '../../lib/clock';
import { requestContextHook, type SurveyLookups } from '../../plugins/request-context';
import type { AlertRunner } from '../../services/alerts';
import type { CreateLimiters } from '../../services/rate-limit/create-limits';
import type { RateLimiter } from '../../services/rate-limit/limiter';
import type { Storage } from '../../services/storage';
import type { SuggestionProvider } from '../../services/suggestion';
import { VersionDocuments } from '../../services/survey-versions';
import { surveyBranchRoute } from './survey.branch';
import type { ConfigCache } from './survey.config';
import { surveyConfigRoute } from './survey.config';
import { surveyMenuExportRoute } from './survey.menu.export';
import { surveyMenuQueryRoute } from './survey.menu.query';
import { surveyPromptRoute } from './survey.prompt';
import { surveySubmitRoute } from './survey.submit';
import { surveySubmitBatchRoute } from './survey.submit.batch';
import { surveyTrackRoute } from './survey.track';
import { surveyTransactionRoute } from './survey.transaction';
import { surveyUploadDeleteRoute } from './survey.upload.delete';
import { surveyUploadUpsertRoute } from './survey.upload.upsert';

export interface RouteDeps {
  db: Db;
  clock: Clock;
  /** Chance on the server (instant-win vouchers); tests pass seededRandom. Default Math.random. */
  random?: Random;
  /** Drafts survey.prompt's review text; default the local generator (tests pass a stub-backed one). */
  suggestions?: SuggestionProvider;
  /** How long read-mostly answers (config, slug lookups) are reused; 0 (tests' default) turns caching off. */
  cacheTtlMs?: number;
  /** Where photos go (survey.upload.*). */
  storage: Storage;
  /** Limits failed survey.transaction lookups (decision 0051). */
  rateLimiter: RateLimiter;
  /** Anonymous creates and receipt-less vouchers per address and survey (decision 0189). */
  createLimiters: CreateLimiters;
  /** survey.config's answers, shared so manage.* can drop a company's after a team change (decision 0111). */
  configCache: ConfigCache;
  /** Web creates need a reCAPTCHA token the provider passes; absent: no check (decision 0200). */
  botCheck?: BotCheckConfig;
  /** The alert pass, kicked after a create, supplement or batch was answered (decision 0247). */
  alerts?: AlertRunner;
  /** PUBLIC_URL: the alert mails' links; unset, the request's own origin. */
  publicUrl?: string | undefined;
  /** The survey versions creates name (decision 0256): the app's one; absent, surveyRoutes makes one. */
  versions?: VersionDocuments;
  /** The slug and branch lookups: the app's, which a console survey change empties; absent, its own. */
  lookups?: SurveyLookups;
}

/** The survey.* calls; every one needs a resolved request context (web slug or app device). */
export const surveyRoutes: FastifyPluginAsyncZod<RouteDeps> = async (
  app,
  {
    db,
    clock,
    cacheTtlMs = 0,
    random = Math.random,
    suggestions,
    storage,
    rateLimiter,
    createLimiters,
    configCache,
    botCheck,
    alerts,
    publicUrl,
    versions = new VersionDocuments(),
    lookups,
  },
) => {
  // Only the dependencies go on: the options object also carries this plugin's prefix.
  const deps = {
    db,
    clock,
    cacheTtlMs,
    random,
    suggestions,
    storage,
    rateLimiter,
    createLimiters,
    configCache,
    botCheck,
    alerts,
    publicUrl,
    // One per app (buildApp's, shared with the console): a version never changes, so each is read once.
    versions,
  };
  app.addHook('onRequest', requestContextHook(db, { cacheTtlMs, ...(lookups ? { lookups } : {}) }));
  await app.register(surveyBranchRoute, deps);
  await app.register(surveyConfigRoute, deps);
  await app.register(surveyTransactionRoute, deps);
  await app.register(surveySubmitRoute, deps);
  await app.register(surveySubmitBatchRoute, deps);
  await app.register(surveyPromptRoute, deps);
  await app.register(surveyTrackRoute, deps);
  await app.register(surveyUploadUpsertRoute, deps);
  await app.register(surveyUploadDeleteRoute, deps);
  await app.register(surveyMenuQueryRoute, deps);
  await app.register(surveyMenuExportRoute, deps);
};
