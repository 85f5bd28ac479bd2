/**
 * Where the guest (or the tablet) goes next: the routing rules of guest-flow.md §2 and device-mode.md §2
 * as one decision over an explicit state. The caller performs the decision (router navigation, or a
 * hard redirect to /error-404 after logging the slug error).
 */
import { AuthType } from '../enums';
import type { Survey } from '../schemas/survey';
import type { Transaction } from '../schemas/transaction';
import { readAddress, readVenueSegments, SlugError } from './address';
import { CHECKIN_SEGMENT, CheckinPath, isKnownPath, RoutePath } from './routes';
import { usableVisitDateTime } from './visit-time';

/** What just happened: a route is entered, the config arrived, a check-in step finished, the device was reset. */
export const RouteEvent = {
  ENTER: 'enter',
  CONFIG_FETCHED: 'configFetched',
  CHECKIN_DONE: 'checkinDone',
  DEVICE_RESET: 'deviceReset',
} as const;
export type RouteEvent = (typeof RouteEvent)[keyof typeof RouteEvent];

/** The survey flags routing reads. */
export type RoutingSurvey = Pick<
  Survey,
  'eposEnabled' | 'showPinScreen' | 'tableNumberEntry' | 'aboutVisitEnabled'
>;

/** Everything the decision reads; each event uses part of it. */
export interface RouteState {
  event: RouteEvent;
  mode: AuthType;
  /** The path being entered, without its query (event enter). */
  path: string;
  /** Its query string, '' or starting with '?' (event enter). */
  search: string;
  /** The stored slug (check-in fetchedSlug), null when none. */
  slug: string | null;
  /** The survey in progress, null when none (or when the slug found none). */
  survey: RoutingSurvey | null;
  /** The company's digital-receipt feature flag (core.features.digitalReceipt). */
  digitalReceipt: boolean;
  /** The transaction the check-in holds, null when none. */
  transaction: Pick<Transaction, 'menuItems'> | null;
  /** Branch details are stored. */
  branchStored: boolean;
  /** The check-in's visit date-time, `YYYY-MM-DD HH:mm:ss` or null. */
  visitDateTime: string | null;
  /** App mode: the device holds valid credentials. */
  authenticated: boolean;
  /** App mode: registration and the first download are done. */
  setupComplete: boolean;
  now: Date;
  timeZone?: string;
}

/** Stay on the entered route, go to another, or hard-redirect to /error-404 with a slug error. */
export type RouteDecision =
  | { type: 'stay' }
  | { type: 'navigate'; to: string }
  | { type: 'notFound'; error: SlugError };

const stay: RouteDecision = { type: 'stay' };
const go = (to: string): RouteDecision => ({ type: 'navigate', to });
const notFound = (error: SlugError): RouteDecision => ({ type: 'notFound', error });
const isWeb = (state: RouteState) => state.mode === AuthType.WEB;

const withQuery = (path: string, query: URLSearchParams): string => {
  const text = query.toString();
  return text === '' ? path : `${path}?${text}`;
};

/** A check-in step, carrying the stored slug (G2); the web cannot check in without one. */
const checkinStep = (state: RouteState, path: CheckinPath): RouteDecision => {
  if (state.slug) return go(withQuery(path, new URLSearchParams({ slug: state.slug })));
  return isWeb(state) ? notFound(SlugError.NO_SLUG) : go(path);
};

/** The first check-in screen once config is fetched (G2); a held transaction skips PIN and table entry. */
export const firstCheckinStep = (
  state: Pick<RouteState, 'mode' | 'digitalReceipt' | 'transaction'>,
  survey: RoutingSurvey,
): CheckinPath => {
  const web = state.mode === AuthType.WEB;
  const transaction = state.transaction;
  if (state.digitalReceipt && transaction && transaction.menuItems.length > 0)
    return CheckinPath.DIGITAL_RECEIPT;
  if (transaction) return CheckinPath.GET_STARTED;
  if (survey.tableNumberEntry) {
    return web ? CheckinPath.GUEST_TABLE_NUMBER_ENTRY : CheckinPath.TEAM_MEMBER_TABLE_NUMBER_ENTRY;
  }
  if (survey.eposEnabled && survey.showPinScreen) {
    return web ? CheckinPath.GUEST_RECEIPT_PIN_ENTRY : CheckinPath.TEAM_MEMBER_RECEIPT_PIN_ENTRY;
  }
  return CheckinPath.GET_STARTED;
};

/** After a check-in step: find the venue, then the visit time, then the questions (G2). */
const afterCheckin = (state: RouteState, survey: RoutingSurvey): RouteDecision => {
  if (!state.branchStored) return checkinStep(state, CheckinPath.FIND_VENUE);
  const visit = usableVisitDateTime(state.visitDateTime, state.now, state.timeZone);
  if (survey.aboutVisitEnabled && !visit) return checkinStep(state, CheckinPath.ABOUT_VISIT);
  return go(RoutePath.QUESTIONS);
};

/** The web entry: the venue page of the given or stored slug, else noSlug (G2). */
const webEntry = (state: RouteState, search: URLSearchParams): RouteDecision => {
  const asked = search.get('slug');
  const fromQuery = asked !== null && readVenueSegments([asked], '').kind === 'venue' ? asked.trim() : null;
  const slug = fromQuery ?? state.slug;
  if (!slug) return notFound(SlugError.NO_SLUG);
  const rest = new URLSearchParams(search);
  rest.delete('slug');
  return go(withQuery(`/${encodeURIComponent(slug)}`, rest));
};

/** App mode's / (device-mode §2): the staff area once set up, else registration. */
const appHome = (state: RouteState): RouteDecision =>
  go(state.authenticated && state.setupComplete ? RoutePath.STAFF : RoutePath.REGISTER);

/** /questions is shown only with a survey in progress and a finished check-in. */
const questions = (state: RouteState, noSurvey: () => RouteDecision): RouteDecision => {
  if (!state.survey) return noSurvey();
  const next = afterCheckin(state, state.survey);
  return next.type === 'navigate' && next.to === RoutePath.QUESTIONS ? stay : next;
};

/** A check_in page without a slug query gets the stored slug added (G2). */
const checkinPage = (state: RouteState, path: string, search: URLSearchParams): RouteDecision => {
  if (search.get('slug')) return stay;
  if (!state.slug) return isWeb(state) ? notFound(SlugError.NO_SLUG) : stay;
  const query = new URLSearchParams(search);
  query.set('slug', state.slug);
  return go(withQuery(path, query));
};

const enterWeb = (state: RouteState, path: string, search: URLSearchParams): RouteDecision => {
  if (path === RoutePath.QUESTIONS) return questions(state, () => webEntry(state, new URLSearchParams()));
  if (path.startsWith(`/${CHECKIN_SEGMENT}/`)) return checkinPage(state, path, search);
  // The staff area needs a registered device; registering is how a browser becomes one.
  if (path === RoutePath.STAFF || path === RoutePath.MANAGE_TEAM) return go(RoutePath.REGISTER);
  return stay;
};

const enterApp = (state: RouteState, path: string, search: URLSearchParams): RouteDecision => {
  const ready = state.authenticated && state.setupComplete;
  if (path === RoutePath.REGISTER) return ready ? go(RoutePath.STAFF) : stay;
  if (!ready) return go(RoutePath.REGISTER);
  if (path === RoutePath.QUESTIONS) return questions(state, () => go(RoutePath.STAFF));
  if (path.startsWith(`/${CHECKIN_SEGMENT}/`)) return checkinPage(state, path, search);
  return stay;
};

/** Decision for a route being entered: guards of both modes, slug resolution, address reading. */
const enter = (state: RouteState): RouteDecision => {
  const search = new URLSearchParams(state.search);
  const trimmed = state.path.length > 1 ? state.path.replace(/\/+$/, '') || '/' : state.path;
  if (trimmed.toLowerCase() === RoutePath.NOT_FOUND) return stay;
  if (trimmed === RoutePath.HOME) return isWeb(state) ? webEntry(state, search) : appHome(state);
  const reading = readAddress(trimmed, state.search);
  if (reading.kind === 'error') return notFound(reading.error);
  // A venue link on a tablet: the device serves its own surveys.
  if (reading.kind === 'venue') return isWeb(state) ? stay : appHome(state);
  const path = trimmed.toLowerCase();
  if (!isKnownPath(path)) return notFound(SlugError.BAD_SLUG);
  return isWeb(state) ? enterWeb(state, path, search) : enterApp(state, path, search);
};

/** Where to go next (G2 routing rules; device-mode §2 routes in app mode). */
export const nextRoute = (state: RouteState): RouteDecision => {
  switch (state.event) {
    case RouteEvent.ENTER:
      return enter(state);
    case RouteEvent.CONFIG_FETCHED:
      if (!state.survey) return isWeb(state) ? notFound(SlugError.BAD_SLUG) : go(RoutePath.STAFF);
      return checkinStep(state, firstCheckinStep(state, state.survey));
    case RouteEvent.CHECKIN_DONE:
      if (!state.survey) return isWeb(state) ? notFound(SlugError.BAD_SLUG) : go(RoutePath.STAFF);
      return afterCheckin(state, state.survey);
    case RouteEvent.DEVICE_RESET:
      return go(RoutePath.REGISTER);
  }
};
