import cookie from '@fastify/cookie';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { alertRulesRoutes } from './alert-rules';
import { auditListRoute } from './audit/audit.list';
import { casesRoutes } from './cases';
import { exportsRoutes } from './exports';
import { originGuard, sessionGuard } from './guards';
import { integrationKeysRoutes } from './integration-keys';
import { linksRoutes } from './links';
import { meDigestGetRoute } from './me/digest.get';
import { meDigestUpdateRoute } from './me/digest.update';
import { meGetRoute } from './me/me.get';
import { meUpdateRoute } from './me/me.update';
import { menuReplaceConsoleRoute } from './menu/menu.replace';
import { operatorsCreateRoute } from './operators/operators.create';
import { operatorsDeleteRoute } from './operators/operators.delete';
import { operatorsInvitationRoute } from './operators/operators.invitation';
import { operatorsListRoute } from './operators/operators.list';
import { operatorsUpdateRoute } from './operators/operators.update';
import { reportsBranchesRoute } from './reports/branches';
import { reportsDishTrendRoute } from './reports/dish-trend';
import { reportsDishesRoute } from './reports/dishes';
import { reportsStaffRoute } from './reports/staff';
import { reportsSummaryRoute } from './reports/summary';
import { reportsTrendRoute } from './reports/trend';
import { responsesRoutes } from './responses';
import { linkGetRoute } from './session/link.get';
import { linkUseRoute } from './session/link.use';
import { passwordResetRoute } from './session/password-reset';
import { sessionCreateRoute } from './session/session.create';
import { sessionDeleteRoute } from './session/session.delete';
import { sessionsDeleteRoute } from './session/sessions.delete';
import { type SetupDeps, setupRoutes } from './setup';
import type { ConsoleRouteDeps } from './shared';
import { surveysRoutes } from './surveys';
import { transactionsListRoute } from './transactions';
import { voucherPoolsRoutes } from './voucher-pools';
import { type WebhookRouteOptions, webhooksRoutes } from './webhooks';

export type { ConsoleRouteDeps } from './shared';

/**
 * The console API (console-contract.md), registered at CONSOLE_PREFIX: one file per call under
 * `<area>/<call>.ts`. Every call here has the Origin check on state changes and, unless its route config
 * says `consolePublic`, a signed-in `request.operator`; what the operator may see or change is the
 * domain's one policy (O1.x), asked by each call.
 */
export const consoleRoutes: FastifyPluginAsyncZod<
  ConsoleRouteDeps & { setup: SetupDeps; webhooks: WebhookRouteOptions }
> = async (app, options) => {
  // Only the dependencies go on: the options object also carries this plugin's prefix.
  const { db, clock, authLimiter, publicUrl, mailer, versions, exportProcesses } = options;
  const deps: ConsoleRouteDeps = { db, clock, authLimiter, publicUrl, mailer, versions, exportProcesses };
  // Cookies are parsed for the console's routes only: the guest app and the tablet use none.
  await app.register(cookie);
  app.decorateRequest('operator', null as never);
  app.addHook('onRequest', originGuard(publicUrl));
  app.addHook('onRequest', sessionGuard(deps));

  // Sessions, links, profile, operators and the audit log (the auth helper's calls).
  await app.register(sessionCreateRoute, deps);
  await app.register(sessionDeleteRoute, deps);
  await app.register(sessionsDeleteRoute, deps);
  await app.register(passwordResetRoute, deps);
  await app.register(linkGetRoute, deps);
  await app.register(linkUseRoute, deps);
  await app.register(meGetRoute, deps);
  await app.register(meUpdateRoute, deps);
  await app.register(operatorsListRoute, deps);
  await app.register(operatorsCreateRoute, deps);
  await app.register(operatorsUpdateRoute, deps);
  await app.register(operatorsDeleteRoute, deps);
  await app.register(operatorsInvitationRoute, deps);
  await app.register(auditListRoute, deps);
  // The operator's own digest e-mail setting (issue 30 item 3).
  await app.register(meDigestGetRoute, deps);
  await app.register(meDigestUpdateRoute, deps);

  // Guest links, QR codes and table cards (the links helper's calls).
  await app.register(linksRoutes, deps);

  // The inbox: responses and one response (issue 29).
  await app.register(responsesRoutes, deps);

  // Cases opened by alerts (issue 30 item 2).
  await app.register(casesRoutes, deps);

  // Exports made in the background (issue 29 item 6): they need the file storage too.
  await app.register(exportsRoutes, { ...deps, storage: options.setup.storage });

  // Alert rules (issue 30 item 1).
  await app.register(alertRulesRoutes, deps);

  // Company, branches, staff and devices (the setup helper's calls).
  await app.register(setupRoutes, { db, clock, ...options.setup });

  // The dashboard's reports (issue 29).
  await app.register(reportsSummaryRoute, deps);
  await app.register(reportsTrendRoute, deps);
  await app.register(reportsBranchesRoute, deps);
  // The dish and team reports (issue 29).
  await app.register(reportsDishesRoute, deps);
  await app.register(reportsDishTrendRoute, deps);
  await app.register(reportsStaffRoute, deps);

  // Integration keys (issue 30 item 5).
  await app.register(integrationKeysRoutes, deps);
  // Webhooks and their delivery log (issue 30 item 4).
  await app.register(webhooksRoutes, { ...deps, ...options.webhooks });
  // The menu's CSV import (issue 30 item 6): the till's menu service, for the owner.
  await app.register(menuReplaceConsoleRoute, deps);
  // The till's stored checks, for the survey preview's Engine panel (issue 31 item 4).
  await app.register(transactionsListRoute, deps);
  // A survey's voucher code pools (issue 31 item 1).
  await app.register(voucherPoolsRoutes, deps);
  // The survey editor (issue 31): documents, drafts, versions, import and export.
  await app.register(surveysRoutes, { ...deps, onSurveysChange: options.setup.onCompanyChange });
};
