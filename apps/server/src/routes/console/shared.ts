import { canChangeCompany, errorEnvelopeSchema } from '@venue-voice/domain';
import type { Db } from '../../db/connection';
import type { Clock } from '../../lib/clock';
import { operatorActor } from '../../services/audit/record';
import type { ExportProcesses } from '../../services/exports';
import type { Mailer } from '../../services/mail';
import { notPermitted } from '../../services/operators/faults';
import type { ConsoleOperator } from '../../services/operators/principal';
import type { RateLimiter } from '../../services/rate-limit/limiter';
import type { VersionDocuments } from '../../services/survey-versions';

/** The console API's base path: the session cookie is sent to it and nowhere else. */
export const CONSOLE_PREFIX = '/api/v1/console';

/** What the console's routes are given (app.ts builds it; each area takes what it needs). */
export interface ConsoleRouteDeps {
  db: Db;
  clock: Clock;
  /** Sign-in, password-reset and current-password guesses (CONSOLE_AUTH_POLICY, O2.4). */
  authLimiter: RateLimiter;
  /** The site's origin (PUBLIC_URL); undefined: each request's own protocol and host. */
  publicUrl: string | undefined;
  /** Invitation and reset mails (services/mail). */
  mailer: Mailer;
  /** The survey versions responses answered (decision 0256): the app's one; absent, a route makes its own. */
  versions?: VersionDocuments;
  /** Export processes on PostgreSQL (decision 0262): big exports are written there; absent, in this thread. */
  exportProcesses?: ExportProcesses | undefined;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A console route anyone may call, without a session (sign-in, password reset, one-time links). */
    consolePublic?: boolean;
  }
}

/** The error bodies console calls answer, for the OpenAPI document. */
export const consoleErrorResponses = {
  400: errorEnvelopeSchema,
  /** 10005: not signed in. */
  401: errorEnvelopeSchema,
  /** 10034: the role does not allow it, or a cross-site request. */
  403: errorEnvelopeSchema,
  /** 10012 / 10014: nothing the operator may see has this id. */
  404: errorEnvelopeSchema,
  500: errorEnvelopeSchema,
} as const;

/** Also for calls under a guess limit: 429 (Retry-After) and 503 (the limit's store is down), both 10021. */
export const limitedErrorResponses = {
  ...consoleErrorResponses,
  429: errorEnvelopeSchema,
  503: errorEnvelopeSchema,
} as const;

/** A console call's OpenAPI schema: its summary and what `extra` adds. */
export const consoleSchema = <E extends object>(summary: string, extra: E) => ({
  tags: ['console'],
  summary,
  ...extra,
});

/** O1.3: company-wide things are the owner's; anyone else gets 403 10034. */
export function requireOwner(operator: ConsoleOperator): void {
  if (!canChangeCompany(operator)) throw notPermitted();
}

/** The context of an owner's change: their company, themselves as the audit's actor, and when. */
export const ownerChange = (deps: ConsoleRouteDeps, operator: ConsoleOperator) => {
  requireOwner(operator);
  return {
    db: deps.db,
    companyId: operator.companyId,
    actor: operatorActor(operator),
    now: deps.clock.now(),
  };
};
