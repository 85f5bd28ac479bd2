import type { InjectOptions } from 'fastify';
import type { call, Harness } from '../../harness';

/**
 * The console's callers of the tenant matrix: the owner of company 1, a manager of branch 1, a manager of
 * branch 2, a viewer of branch 1, the owner of company 2 and nobody (no session). The owned thing is
 * always in company 1, at branch 1 when it belongs to a branch.
 */
export const CONSOLE_ACTORS = ['owner', 'manager1', 'manager2', 'viewer', 'otherCompany', 'nobody'] as const;
export type ConsoleActor = (typeof CONSOLE_ACTORS)[number];

/** The operators acting (nobody has none). */
export type ConsoleActorIds = Record<Exclude<ConsoleActor, 'nobody'>, number>;

export type Answer = Awaited<ReturnType<typeof call>>;

/**
 * What one caller gets from a row's request:
 * - `'sees'`: a 2xx that shows or changes the owned thing (`sees` says true);
 * - `'blind'`: a 2xx that neither shows nor changes it (a list of the caller's own company, say);
 * - an error code (10005 not signed in, 10034 role refused, 10012 / 10014 nothing visible by that id):
 *   that refusal, with `sees` false.
 */
export type Outcome = 'sees' | 'blind' | number;

/** What a row's `prepare` and `request` get: the harness and the actors' operator ids. */
export interface RowContext {
  h: Harness;
  ids: ConsoleActorIds;
}

/**
 * One console route of the tenant matrix. `prepare` runs before every caller's request (a fresh thing to
 * change or remove each time), `request` builds the call (the runner adds the caller's cookie and the
 * site's Origin), `sees` says whether an answer exposed or changed the owned thing (default: a 2xx).
 */
export interface ConsoleProbe<F = unknown> {
  prepare?: (ctx: RowContext) => Promise<F>;
  request: (fixture: F, ctx: RowContext) => InjectOptions;
  sees?: (
    answer: Answer,
    fixture: F,
    ctx: RowContext & { actor: ConsoleActor },
  ) => boolean | Promise<boolean>;
  expect: Record<ConsoleActor, Outcome>;
}

/** A row: probes of the route, or why anyone may call it (`public`, tested in its own files). */
export type ConsoleRow = { public: string } | { probes: ConsoleProbe<never>[] };

/** A probe typed by its fixture, stored among others (the runner passes each its own fixture back). */
export const probe = <F>(p: ConsoleProbe<F>): ConsoleProbe<never> => p as unknown as ConsoleProbe<never>;

/**
 * Outcomes of the common policies (O1.x), to spread and adjust: `companyOwnerOnly` for company-wide
 * things (O1.3: the other company's owner is served their own company, blind to ours); `branchChange` for
 * changing branch 1's things (O1.2); `branchRead` for reading them (O1.1); `anySignedIn` for the caller's
 * own things (their profile, their session).
 */
export const OUTCOMES = {
  companyOwnerOnly: {
    owner: 'sees',
    manager1: 10034,
    manager2: 10034,
    viewer: 10034,
    otherCompany: 'blind',
    nobody: 10005,
  },
  branchChange: {
    owner: 'sees',
    manager1: 'sees',
    manager2: 10012,
    viewer: 10034,
    otherCompany: 10012,
    nobody: 10005,
  },
  branchRead: {
    owner: 'sees',
    manager1: 'sees',
    manager2: 10012,
    viewer: 'sees',
    otherCompany: 10012,
    nobody: 10005,
  },
  anySignedIn: {
    owner: 'sees',
    manager1: 'sees',
    manager2: 'sees',
    viewer: 'sees',
    otherCompany: 'sees',
    nobody: 10005,
  },
} as const satisfies Record<string, Record<ConsoleActor, Outcome>>;
