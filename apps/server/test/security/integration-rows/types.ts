import type { IntegrationScope } from '@venue-voice/domain';
import type { InjectOptions } from 'fastify';
import type { call, Harness } from '../../harness';

/**
 * The integration callers of the tenant matrix, each a bearer key: `own`, a live key of company 1 with
 * every scope; `otherCompany`, a live key of company 2 with every scope; `noScope`, a live key of company
 * 1 with every scope but the route's; `revoked`, company 1's key with the route's scope, revoked.
 */
export const INTEGRATION_CALLERS = ['otherCompany', 'noScope', 'revoked', 'own'] as const;
export type IntegrationCaller = (typeof INTEGRATION_CALLERS)[number];

export type Answer = Awaited<ReturnType<typeof call>>;

/** What a row's `prepare`, `request` and `sees` get: the harness. */
export interface IntegrationRowContext {
  h: Harness;
}

/**
 * One /integrations/* route of the tenant matrix. `prepare` runs before every caller's request (the
 * thing of company 1 the request could read or change, made fresh), `request` builds the call (the
 * runner adds `Authorization: Bearer <key>`), `sees` says whether the answer exposed company 1's thing or
 * the call changed it (it may read the database). The runner expects: `own` sees it; `otherCompany`
 * does not, and is either served its own company (a 2xx) or refused with one of `foreignCodes`;
 * `noScope` gets 403 10005 with `detail.requiredScope` the route's scope and changes nothing;
 * `revoked` gets 401 10005 and changes nothing.
 */
export interface IntegrationProbe<F = unknown> {
  scope: IntegrationScope;
  prepare?: (ctx: IntegrationRowContext) => Promise<F>;
  request: (fixture: F, ctx: IntegrationRowContext) => InjectOptions;
  sees: (answer: Answer, fixture: F, ctx: IntegrationRowContext) => boolean | Promise<boolean>;
  /** api.md codes a key of company 2 may be refused with (e.g. 10012 for a branch it does not have). */
  foreignCodes: number[];
}

export type IntegrationRow = { probes: IntegrationProbe<never>[] };

/** A probe typed by its fixture, stored among others (the runner passes each its own fixture back). */
export const integrationProbe = <F>(p: IntegrationProbe<F>): IntegrationProbe<never> =>
  p as unknown as IntegrationProbe<never>;
