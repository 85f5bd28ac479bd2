/**
 * The bridge between the guest session (shared/session) and the domain's routing rules: it builds the
 * domain's RouteState and CheckinState from what the session holds, so every "where next" is
 * `nextRoute`'s decision, never one made here.
 */
import {
  AuthType,
  type CheckinState,
  checkinVisitDateTime,
  localDateTimeAt,
  nextRoute,
  type RouteDecision,
  RouteEvent,
  type RouteState,
  type Survey,
} from '@venue-voice/domain';
import { isAppMode, useDevice } from '../../platform/device-session';
import type { GuestSession } from '../../shared/session/session-store';

/** The config's survey the web flow runs: the first one (G4 "On the web the first survey…"). */
export const configSurvey = (session: GuestSession): Survey | null => session.config?.surveys?.[0] ?? null;

/** The survey in progress, or null when none is (G4 "Survey in progress"). */
export const surveyInProgress = (session: GuestSession): Survey | null => {
  const survey = configSurvey(session);
  return survey && session.surveyInProgress === survey.templateId ? survey : null;
};

/** The session read as the domain's check-in state (G3), for the rules that take one. */
export const checkinStateOf = (session: GuestSession): CheckinState => ({
  branches: [],
  visitDetails: { datetime: session.visitDateTime },
  eposData: {
    pin: session.pin,
    transaction: session.transaction,
    branch: null,
    pveQueueId: session.urlParams.pveQueueId ?? null,
  },
  transactionRef: session.transactionRef,
  urlParams: session.urlParams,
  tableNumber: session.tableNumber,
  nonAppStaff: [],
  voucher: null,
  fetchedSlug: session.slug,
  guid: session.guid ?? '',
  startTime: session.startTime ?? '',
});

/**
 * The visit date-time the check-in holds (G4.84–G4.87): the guest's entry, the lookup's, the dateTime
 * parameter, noVisit, or in the branch now minus the average service time; null when none is usable.
 * The app is not told its branch's zone, so the browser's zone reads the wall clock: the guest is at or
 * near the venue, and the lookup's date-time is the branch's wall clock (decision 0265).
 */
export const visitDateTimeOf = (session: GuestSession, now: Date): string | null =>
  checkinVisitDateTime(checkinStateOf(session), configSurvey(session)?.averageServiceTime ?? 0, now);

const routeState = (
  session: GuestSession,
  event: RouteEvent,
  survey: Survey | null,
  now: Date,
  place: { path: string; search: string } = { path: '', search: '' },
): RouteState => {
  // App mode is a registered tablet (device-mode §2): G2.30–G2.37 route it; a browser stays a guest.
  const device = useDevice.getState().state;
  const app = isAppMode(device);
  return {
    event,
    mode: app ? AuthType.APP : AuthType.WEB,
    path: place.path,
    search: place.search,
    slug: session.slug,
    survey,
    digitalReceipt: session.config?.core?.features.digitalReceipt ?? false,
    transaction: session.transaction,
    branchStored: session.branchId !== null,
    visitDateTime: visitDateTimeOf(session, now),
    authenticated: app,
    setupComplete: app && device.setupComplete,
    now,
  };
};

/** Entering a route (G2 guards): the survey that counts is the one in progress. */
export const enterDecision = (
  session: GuestSession,
  place: { path: string; search: string },
  now: Date,
): RouteDecision => nextRoute(routeState(session, RouteEvent.ENTER, surveyInProgress(session), now, place));

/** The config arrived: the first check-in step (G2.16–G2.21). */
export const configFetchedDecision = (session: GuestSession, now: Date): RouteDecision =>
  nextRoute(routeState(session, RouteEvent.CONFIG_FETCHED, configSurvey(session), now));

/** A check-in step finished: find the venue, then the visit time, then the questions (G2.23–G2.25). */
export const checkinDoneDecision = (session: GuestSession, now: Date): RouteDecision =>
  nextRoute(routeState(session, RouteEvent.CHECKIN_DONE, configSurvey(session), now));

/**
 * What starting the survey writes (G3, G4): the response's guid (made once per setup, it keeps a
 * retried submit from making a second response), the start time, the survey in progress, and the
 * visit the check-in settled on, so the questions screen reads one value.
 */
export const startChanges = (
  session: GuestSession,
  now: Date,
  newGuid: () => string = () => crypto.randomUUID(),
): Partial<GuestSession> => ({
  guid: session.guid ?? newGuid(),
  startTime: session.startTime ?? localDateTimeAt(now),
  surveyInProgress: configSurvey(session)?.templateId ?? null,
  visitDateTime: visitDateTimeOf(session, now) ?? session.visitDateTime,
});

/** The web entry for a query (G2.27): `/<slug>` of the slug query, else of the stored slug, else noSlug. */
export const setupDecision = (session: GuestSession, search: string, now: Date): RouteDecision =>
  nextRoute(routeState(session, RouteEvent.ENTER, null, now, { path: '/', search }));
