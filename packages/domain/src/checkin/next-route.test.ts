import { describe, expect, it } from 'vitest';
import { DEMO_SURVEYS } from '../../../../apps/server/src/db/seed/demo-surveys';
import type { EposItem } from '../schemas/menu';
import { firstCheckinStep, nextRoute, type RouteState, type RoutingSurvey } from './next-route';

const now = new Date(Date.UTC(2025, 5, 10, 14, 30, 15));
const item: EposItem = {
  menuItemObjectNumber: '101',
  menuItemName: 'Fish pie',
  type: 1,
  majorGroupId: null,
  majorGroupName: null,
  familyGroupId: null,
  familyGroupName: null,
};
const plain: RoutingSurvey = {
  eposEnabled: false,
  showPinScreen: false,
  tableNumberEntry: false,
  aboutVisitEnabled: true,
};
const pin: RoutingSurvey = { ...plain, eposEnabled: true, showPinScreen: true };
const table: RoutingSurvey = { ...pin, tableNumberEntry: true };
const baseState: RouteState = {
  event: 'enter',
  mode: 'web',
  path: '/',
  search: '',
  slug: 'demo',
  survey: plain,
  digitalReceipt: false,
  transaction: null,
  branchStored: true,
  visitDateTime: '2025-06-10 12:00:00',
  authenticated: false,
  setupComplete: false,
  now,
  timeZone: 'UTC',
};
const state = (over: Partial<RouteState>): RouteState => ({ ...baseState, ...over });
const app = (over: Partial<RouteState>): RouteState =>
  state({ mode: 'app', authenticated: true, setupComplete: true, slug: null, ...over });
const go = (to: string) => ({ type: 'navigate', to });
const stay = { type: 'stay' };
const noSlug = { type: 'notFound', error: 'noSlug' };
const badSlug = { type: 'notFound', error: 'badSlug' };

describe('G2 routing after config is fetched', () => {
  const fetched = (over: Partial<RouteState>) => state({ event: 'configFetched', ...over });
  it.each([
    ['feature on, transaction with items', { digitalReceipt: true, transaction: { menuItems: [item] } }],
    [
      'even where table and PIN entry are enabled',
      { digitalReceipt: true, transaction: { menuItems: [item] }, survey: table },
    ],
  ])('G2.16 digital receipt: %s', (_, over) => {
    expect(nextRoute(fetched(over))).toEqual(go('/check_in/digital_receipt?slug=demo'));
  });

  it.each([
    ['the feature off', { digitalReceipt: false, transaction: { menuItems: [item] } }],
    ['no receipt data', { digitalReceipt: true, transaction: { menuItems: [] } }],
    ['no transaction', { digitalReceipt: true, transaction: null }],
  ])('G2.16 no digital receipt with %s', (_, over) => {
    expect(nextRoute(fetched(over))).not.toEqual(go('/check_in/digital_receipt?slug=demo'));
  });

  it.each([
    ['web', table, '/check_in/guest_table_number_entry'],
    ['app', table, '/check_in/team_member_table_number_entry'],
    ['web', { ...plain, tableNumberEntry: true }, '/check_in/guest_table_number_entry'],
  ] as const)('G2.17 table-number entry where enabled, %s mode', (mode, survey, path) => {
    expect(firstCheckinStep({ mode, digitalReceipt: false, transaction: null }, survey)).toBe(path);
  });

  it.each([
    ['web', pin, '/check_in/guest_receipt_pin_entry'],
    ['app', pin, '/check_in/team_member_receipt_pin_entry'],
  ] as const)('G2.18 PIN entry for EPOS surveys that show the PIN screen, %s mode', (mode, survey, path) => {
    expect(firstCheckinStep({ mode, digitalReceipt: false, transaction: null }, survey)).toBe(path);
  });

  it.each([
    ['no flags', plain],
    ['EPOS without the PIN screen', { ...plain, eposEnabled: true }],
    ['the PIN screen without EPOS', { ...plain, showPinScreen: true }],
  ])('G2.19 get_started otherwise: %s', (_, survey) => {
    expect(nextRoute(fetched({ survey }))).toEqual(go('/check_in/get_started?slug=demo'));
  });

  it('G2.20 a transaction already held skips table and PIN entry', () => {
    expect(nextRoute(fetched({ survey: table, transaction: { menuItems: [item] } }))).toEqual(
      go('/check_in/get_started?slug=demo'),
    );
  });

  it('G2.17 G2.18 the demo surveys: the bistro asks for a PIN, the café for a table', () => {
    const [bistro, cafe] = DEMO_SURVEYS.map((demo) => demo.definition);
    expect(bistro && nextRoute(fetched({ survey: bistro, slug: 'demo-bistro' }))).toEqual(
      go('/check_in/guest_receipt_pin_entry?slug=demo-bistro'),
    );
    expect(cafe && nextRoute(fetched({ survey: cafe, slug: 'demo-cafe' }))).toEqual(
      go('/check_in/guest_table_number_entry?slug=demo-cafe'),
    );
  });

  it.each([
    ['web', badSlug],
    ['app', go('/staff')],
  ] as const)('G2.21 config with no survey, %s mode', (mode, expected) => {
    expect(nextRoute(fetched({ mode, survey: null }))).toEqual(expected);
  });

  it.each([
    [{ slug: 'café bar' }, go('/check_in/get_started?slug=caf%C3%A9+bar')],
    [{ slug: null }, noSlug],
    [{ slug: null, mode: 'app' as const }, go('/check_in/get_started')],
  ])('G2.22 check-in steps carry the stored slug: %j', (over, expected) => {
    expect(nextRoute(fetched(over))).toEqual(expected);
  });
});

describe('G2 routing after a check-in step', () => {
  const done = (over: Partial<RouteState>) => state({ event: 'checkinDone', ...over });
  it.each([
    [{ branchStored: false }],
    [{ branchStored: false, visitDateTime: null }],
    [{ branchStored: false, mode: 'app' as const, slug: 'demo' }],
  ])('G2.23 no branch stored: find_venue, %j', (over) => {
    expect(nextRoute(done(over))).toEqual(go('/check_in/find_venue?slug=demo'));
  });

  it.each([
    ['missing', null],
    ['unreadable', '31-31-2025 10:00'],
    ['in the future', '2025-06-10 14:30:16'],
  ])('G2.24 visit %s and about-visit enabled: about_visit', (_, visitDateTime) => {
    expect(nextRoute(done({ visitDateTime }))).toEqual(go('/check_in/about_visit?slug=demo'));
  });

  it.each([
    ['both satisfied', {}],
    ['the visit is exactly now', { visitDateTime: '2025-06-10 14:30:15' }],
    [
      'about-visit disabled and no visit',
      { visitDateTime: null, survey: { ...plain, aboutVisitEnabled: false } },
    ],
  ])('G2.25 questions: %s', (_, over) => {
    expect(nextRoute(done(over))).toEqual(go('/questions'));
  });

  it.each([
    ['web', badSlug],
    ['app', go('/staff')],
  ] as const)('G2.21 a finished check-in without a survey, %s mode', (mode, expected) => {
    expect(nextRoute(done({ mode, survey: null }))).toEqual(expected);
  });
});

describe('G2 entering a route on the web', () => {
  const enter = (path: string, over: Partial<RouteState> = {}) => nextRoute(state({ path, ...over }));
  it.each([
    ['/check_in/get_started', '', go('/check_in/get_started?slug=demo')],
    ['/check_in/about_visit', '?x=1', go('/check_in/about_visit?x=1&slug=demo')],
    ['/check_in/find_venue', '?slug=other', stay],
  ])('G2.26 a check_in page without a slug query gets the stored one: %s%s', (path, search, expected) => {
    expect(enter(path, { search })).toEqual(expected);
  });

  it('G2.26 without a stored slug: noSlug on the web, stay in app mode', () => {
    expect(enter('/check_in/get_started', { slug: null })).toEqual(noSlug);
    expect(nextRoute(app({ path: '/check_in/team_member_receipt_pin_entry' }))).toEqual(stay);
  });

  it.each([
    ['?slug=cafe&pin=1', 'demo', go('/cafe?pin=1')],
    ['?pin=1', 'demo', go('/demo?pin=1')],
    ['', 'demo', go('/demo')],
    ['?slug=questions', 'demo', go('/demo')],
    ['?slug=%20', null, noSlug],
    ['', null, noSlug],
  ])('G2.27 / is resolved from the slug: %s with stored %s', (search, slug, expected) => {
    expect(enter('/', { search, slug })).toEqual(expected);
  });

  it.each([
    [{ survey: null }, go('/demo')],
    [{ survey: null, slug: null }, noSlug],
    [{}, stay],
  ])('G2.28 /questions with no survey in progress goes back to the web entry: %j', (over, expected) => {
    expect(enter('/questions', over)).toEqual(expected);
  });

  it.each([
    [{ branchStored: false }, go('/check_in/find_venue?slug=demo')],
    [{ visitDateTime: null }, go('/check_in/about_visit?slug=demo')],
    [{ visitDateTime: null, survey: { ...plain, aboutVisitEnabled: false } }, stay],
  ])(
    'G2.29 /questions before the check-in is finished goes to the step still needed: %j',
    (over, expected) => {
      expect(enter('/questions', over)).toEqual(expected);
    },
  );

  it.each([
    ['/staff', go('/register')],
    ['/manage_team', go('/register')],
    ['/register', stay],
    ['/thank-you', stay],
    ['/checkout', stay],
    ['/error-404', stay],
    ['/Error-404', stay],
  ])('G2.30 web screens: %s', (path, expected) => {
    expect(enter(path)).toEqual(expected);
  });

  it.each([
    ['/demo-bistro', stay],
    ['/demo-bistro/pve/77/', stay],
    ['/demo-bistro/table/12', badSlug],
    ['/questions/extra', badSlug],
    ['/check_in/nowhere', badSlug],
    ['/%zz', badSlug],
  ])('G2.31 web addresses: %s', (path, expected) => {
    expect(enter(path)).toEqual(expected);
  });
});

describe('device-mode §2 routes in app mode', () => {
  it.each([
    [{ setupComplete: true }, go('/staff')],
    [{ setupComplete: false }, go('/register')],
    [{ authenticated: false }, go('/register')],
  ])('G2.32 / goes to /staff once set up, else /register: %j', (over, expected) => {
    expect(nextRoute(app({ path: '/', ...over }))).toEqual(expected);
  });

  it('G2.33 /questions with no survey in progress goes to /staff', () => {
    expect(nextRoute(app({ path: '/questions', survey: null }))).toEqual(go('/staff'));
    expect(nextRoute(app({ path: '/questions' }))).toEqual(stay);
  });

  it.each(['/staff', '/questions', '/manage_team', '/thank-you', '/check_in/get_started'])(
    'G2.34 an unauthenticated device is sent to /register from %s',
    (path) => {
      expect(nextRoute(app({ path, authenticated: false, setupComplete: false }))).toEqual(go('/register'));
      expect(nextRoute(app({ path, setupComplete: false }))).toEqual(go('/register'));
    },
  );

  it('G2.34 /register and /error-404 stay for a device that is not set up', () => {
    expect(nextRoute(app({ path: '/register', authenticated: false }))).toEqual(stay);
    expect(nextRoute(app({ path: '/error-404', authenticated: false }))).toEqual(stay);
  });

  it('G2.35 /register once set up goes to /staff', () => {
    expect(nextRoute(app({ path: '/register' }))).toEqual(go('/staff'));
  });

  it.each(['web', 'app'] as const)('G2.36 after a device reset the user goes to /register (%s)', (mode) => {
    expect(nextRoute(state({ event: 'deviceReset', mode }))).toEqual(go('/register'));
  });

  it.each([
    [{}, go('/staff')],
    [{ setupComplete: false }, go('/register')],
  ])('G2.37 a venue address on a tablet goes to the app home: %j', (over, expected) => {
    expect(nextRoute(app({ path: '/demo-bistro/123456', ...over }))).toEqual(expected);
  });
});
