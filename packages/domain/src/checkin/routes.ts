/**
 * The route table of guest-flow.md §2 and device-mode.md §2, as paths both clients and tests share.
 * The table names no path for the install page and the privacy notice; /install and /privacy are ours
 * (decision 0070).
 */

/** Screens outside the check-in steps. */
export const RoutePath = {
  HOME: '/',
  QUESTIONS: '/questions',
  THANK_YOU: '/thank-you',
  CHECKOUT: '/checkout',
  RECOMMEND: '/recommend',
  SHARE: '/share',
  UPLOAD: '/upload',
  REGISTER: '/register',
  STAFF: '/staff',
  MANAGE_TEAM: '/manage_team',
  NOT_FOUND: '/error-404',
  INSTALL: '/install',
  PRIVACY: '/privacy',
} as const;
export type RoutePath = (typeof RoutePath)[keyof typeof RoutePath];

/** The check-in steps (all under /check_in). */
export const CheckinPath = {
  ABOUT_VISIT: '/check_in/about_visit',
  DIGITAL_RECEIPT: '/check_in/digital_receipt',
  FIND_VENUE: '/check_in/find_venue',
  GET_STARTED: '/check_in/get_started',
  LIST_NEARBY_LOCATIONS: '/check_in/list_nearby_locations',
  LOCATION_CHECK_IN: '/check_in/location_check_in',
  GUEST_RECEIPT_PIN_ENTRY: '/check_in/guest_receipt_pin_entry',
  GUEST_TABLE_NUMBER_ENTRY: '/check_in/guest_table_number_entry',
  TEAM_MEMBER_RECEIPT_PIN_ENTRY: '/check_in/team_member_receipt_pin_entry',
  TEAM_MEMBER_TABLE_NUMBER_ENTRY: '/check_in/team_member_table_number_entry',
} as const;
export type CheckinPath = (typeof CheckinPath)[keyof typeof CheckinPath];

export const CHECKIN_SEGMENT = 'check_in';

/** First segments that name a screen, so never a venue slug (G2). */
export const RESERVED_SEGMENTS: readonly string[] = [
  ...Object.values(RoutePath)
    .map((path) => path.slice(1))
    .filter(Boolean),
  CHECKIN_SEGMENT,
];

const KNOWN_PATHS = new Set<string>([...Object.values(RoutePath), ...Object.values(CheckinPath)]);

/**
 * True when a first segment names a screen. Case-insensitive, because the router matches paths
 * case-insensitively: `/Questions` opens the questions screen, so it cannot be a slug either.
 */
export const isReservedSegment = (segment: string): boolean =>
  RESERVED_SEGMENTS.includes(segment.trim().toLowerCase());

/** True for a path of the route table (exact, lowercase, no trailing slash). */
export const isKnownPath = (path: string): boolean => KNOWN_PATHS.has(path);

/** True for a /check_in/… step. */
export const isCheckinPath = (path: string): path is CheckinPath =>
  (Object.values(CheckinPath) as string[]).includes(path);

/** The deepest route's meta title (G2); undefined when no route names one, so the caller falls back. */
export const routeTitle = (titles: readonly (string | null | undefined)[]): string | undefined =>
  titles.filter((title): title is string => typeof title === 'string' && title.trim() !== '').at(-1);

/** Document title: the page title then the app name, or the app name alone as the fallback (G2). */
export const documentTitle = (pageTitle: string | undefined, appName: string): string =>
  pageTitle && pageTitle.trim() !== '' ? `${pageTitle} · ${appName}` : appName;
