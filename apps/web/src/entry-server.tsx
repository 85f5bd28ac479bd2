/**
 * The guest's first screen rendered on the server (issue 25, decision 0169): for a venue address the
 * server answers the check-in step's HTML (PIN entry, table entry, welcome) instead of an empty
 * page, so it paints before any JavaScript runs; the browser then hydrates it (main.tsx). Built by
 * `vite build --ssr` into dist/server and called by the API server's web plugin.
 *
 * The same components, route table and setup (loadSetup) as the browser, over the server's own API.
 */
import { QueryClient } from '@tanstack/react-query';
import {
  CheckinPath,
  DEFAULT_LANGUAGE,
  Language,
  SLUG_ERRORS,
  urlParamsOfAddress,
} from '@venue-voice/domain';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, matchRoutes, StaticRouterProvider } from 'react-router';
import { type FirstScreen, firstScreenJson } from './app/first-screen';
import { AppProviders } from './app/providers';
import type { RouteHandle } from './app/root-layout';
import { routes } from './app/router';
import {
  applySetup,
  configFetchedDecision,
  type GuestStep,
  linkLookupKey,
  loadScreen,
  loadSetup,
  parseVenueAddress,
  VenueLanding,
} from './features/checkin';
import { createWebApi } from './platform/api';
import { isUnknownSlug } from './platform/api-failure';
import { i18n, matchLanguage, setLanguage } from './platform/i18n';
import { useGuestSession } from './shared/session/session-store';

/**
 * The steps a venue address opens (the domain's firstCheckinStep without a transaction): receipt PIN,
 * table number, or the welcome. Find venue comes only after one of them. A link with a PIN or table
 * looks it up first and is left to the browser, as are addresses that are not a venue's.
 */
export const SERVER_RENDERED_STEPS = [
  CheckinPath.GUEST_RECEIPT_PIN_ENTRY,
  CheckinPath.GUEST_TABLE_NUMBER_ENTRY,
  CheckinPath.GET_STARTED,
] as const satisfies readonly GuestStep[];
type ServerStep = (typeof SERVER_RENDERED_STEPS)[number];
const isServerStep = (path: string): path is ServerStep =>
  (SERVER_RENDERED_STEPS as readonly string[]).includes(path);

/**
 * Each rendered step's module as the build's manifest names it: the server links its chunk
 * (modulepreload), so the browser fetches it with the page instead of after the entry has run.
 */
export const STEP_MODULES: Record<ServerStep, string> = {
  [CheckinPath.GUEST_RECEIPT_PIN_ENTRY]: 'src/features/checkin/receipt-entry/pin-entry-screen.tsx',
  [CheckinPath.GUEST_TABLE_NUMBER_ENTRY]: 'src/features/checkin/receipt-entry/pin-entry-screen.tsx',
  [CheckinPath.GET_STARTED]: 'src/features/checkin/get-started/get-started-screen.tsx',
};

export type FirstScreenRender =
  /** Not a venue address this render serves: the page as built, the browser does the rest. */
  | { kind: 'none' }
  /** No such survey: the browser is sent to /error-404, as the client would send it; `log` says why (G8). */
  | { kind: 'notFound'; log: string; slug: string }
  | {
      kind: 'page';
      html: string;
      data: string;
      lang: string;
      title: string;
      /** The manifest keys of the step's module, and the language whose texts the page loads. */
      modules: string[];
      language: Language;
    };

/** Loads every language's texts and the rendered steps' code once, before the first request. */
export async function prepare(): Promise<void> {
  for (const language of Language) await setLanguage(language);
  await setLanguage(DEFAULT_LANGUAGE);
  await Promise.all(SERVER_RENDERED_STEPS.map((step) => loadScreen(step)));
}

/** 'de-AT,de;q=0.9,en;q=0.8' → the first language we speak, as the browser's start picks it. */
const languageOf = (acceptLanguage: string | undefined): Language =>
  matchLanguage((acceptLanguage ?? '').split(',').map((part) => part.split(';')[0])) ?? DEFAULT_LANGUAGE;

const NONE: FirstScreenRender = { kind: 'none' };

export interface FirstScreenRequest {
  /** The page's path and query ('/demo-bistro?branchId=1'). */
  url: string;
  acceptLanguage?: string;
  /** Reaches this server's API (the web plugin answers it in-process). */
  fetch: typeof fetch;
  now: Date;
}

export async function renderFirstScreen(request: FirstScreenRequest): Promise<FirstScreenRender> {
  const location = new URL(request.url, 'http://venue.voice');
  const leaf = matchRoutes(routes, location.pathname)?.at(-1);
  if (!leaf || leaf.route.Component !== VenueLanding) return NONE;
  const address = parseVenueAddress(leaf.params, location.search);
  if (!address || linkLookupKey(urlParamsOfAddress(address).params)) return NONE;

  const api = createWebApi({ fetch: request.fetch, baseUrl: '' });
  let setup: Awaited<ReturnType<typeof loadSetup>>;
  try {
    setup = await loadSetup(api, address, request.now, languageOf(request.acceptLanguage));
  } catch (error) {
    return isUnknownSlug(error)
      ? { kind: 'notFound', log: SLUG_ERRORS.badSlug.log, slug: address.slug }
      : NONE;
  }
  if (setup.kind === 'notFound')
    return { kind: 'notFound', log: SLUG_ERRORS[setup.error].log, slug: address.slug };
  if (setup.linkLookupFailure) return NONE;
  const decision = configFetchedDecision(setup.session, request.now);
  if (decision.type !== 'navigate') return NONE;
  const step = decision.to.split('?')[0] ?? '';
  if (!isServerStep(step)) return NONE;

  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(new URL(decision.to, location)));
  if (context instanceof Response) return NONE;

  // Synchronous from here to the end of the render: the language and the session store are the
  // module's own, so no other request's render can run in between.
  void i18n.changeLanguage(setup.language);
  const queryClient = new QueryClient();
  applySetup(setup.session, setup.branches, queryClient);
  const html = renderToString(
    <StrictMode>
      <AppProviders api={api} queryClient={queryClient}>
        <StaticRouterProvider
          router={createStaticRouter(handler.dataRoutes, context)}
          context={context}
          hydrate={false}
        />
      </AppProviders>
    </StrictMode>,
  );
  const titleKey = context.matches
    .map((match) => (match.route.handle as RouteHandle | undefined)?.title)
    .filter(Boolean)
    .at(-1);
  const title = `${i18n.t(titleKey ?? 'app.name')} · ${i18n.t('app.name')}`;
  // No guest's session stays behind in the server's memory.
  useGuestSession.getState().reset();
  queryClient.clear();
  const screen: FirstScreen = {
    path: decision.to,
    language: setup.language,
    session: setup.session,
    branches: setup.branches,
  };
  return {
    kind: 'page',
    html,
    data: firstScreenJson(screen),
    lang: Intl.getCanonicalLocales(setup.language)[0] ?? setup.language,
    title,
    modules: [STEP_MODULES[step]],
    language: setup.language,
  };
}
