import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { EposItem } from '../schemas/menu';
import { nextRoute, RouteEvent, type RouteState } from './next-route';
import { CheckinPath, RoutePath } from './routes';
import { usableVisitDateTime } from './visit-time';

const now = new Date(Date.UTC(2025, 5, 10, 14, 30, 15));
const item: EposItem = {
  menuItemObjectNumber: '1',
  menuItemName: 'Soup',
  type: 1,
  majorGroupId: null,
  majorGroupName: null,
  familyGroupId: null,
  familyGroupName: null,
};

// The screens the laws are about come up often; the rest covers every route and some noise.
const path = fc.oneof(
  { arbitrary: fc.constantFrom(RoutePath.QUESTIONS, RoutePath.HOME, CheckinPath.GET_STARTED), weight: 3 },
  fc.constantFrom(...Object.values(RoutePath), ...Object.values(CheckinPath)),
  fc.constantFrom('/demo', '/demo/123456', '/demo/pve/9', '/demo/table/1', '/Questions', '/staff/', '/%zz'),
  fc.string({ maxLength: 12 }).map((text) => `/${text}`),
);
const anyState = (event: fc.Arbitrary<RouteState['event']>) =>
  fc.record<RouteState>({
    event,
    mode: fc.constantFrom('web', 'app'),
    path,
    search: fc.constantFrom('', '?slug=demo', '?slug=other&x=1', '?x=1', '?slug=questions', '?slug='),
    slug: fc.option(fc.constantFrom('demo', 'café bar')),
    survey: fc.option(
      fc.record({
        eposEnabled: fc.boolean(),
        showPinScreen: fc.boolean(),
        tableNumberEntry: fc.boolean(),
        aboutVisitEnabled: fc.boolean(),
      }),
    ),
    digitalReceipt: fc.boolean(),
    transaction: fc.option(fc.constantFrom({ menuItems: [] }, { menuItems: [item] })),
    branchStored: fc.boolean(),
    visitDateTime: fc.option(fc.constantFrom('2025-06-10 12:00:00', '2025-06-11 12:00:00', 'soon')),
    authenticated: fc.boolean(),
    setupComplete: fc.boolean(),
    now: fc.constant(now),
    timeZone: fc.constant('UTC'),
  });
const events = fc.constantFrom(...Object.values(RouteEvent));

/** The route the guest ends up seeing after a decision on this state. */
const shownPath = (state: RouteState): string | null => {
  const decision = nextRoute(state);
  if (decision.type === 'notFound') return RoutePath.NOT_FOUND;
  if (decision.type === 'stay') {
    return state.event === RouteEvent.ENTER ? state.path.toLowerCase().replace(/(.)\/+$/, '$1') : null;
  }
  return decision.to.split('?')[0] ?? null;
};

describe('G2 routing laws', () => {
  it('G2.23 G2.24 G2.25 G2.29 the questions screen is never shown without a branch, a survey, or a usable visit where asked', () => {
    fc.assert(
      fc.property(anyState(events), (state) => {
        if (shownPath(state) !== RoutePath.QUESTIONS) return;
        expect(state.branchStored).toBe(true);
        expect(state.survey).not.toBeNull();
        if (state.survey?.aboutVisitEnabled) {
          expect(usableVisitDateTime(state.visitDateTime, now, 'UTC')).not.toBeNull();
        }
      }),
      { numRuns: 500 },
    );
  });

  it('G2.17 G2.18 the web never opens a team-member screen, a tablet never a guest one', () => {
    fc.assert(
      fc.property(anyState(fc.constantFrom(RouteEvent.CONFIG_FETCHED, RouteEvent.CHECKIN_DONE)), (state) => {
        const shown = shownPath(state) ?? '';
        expect(shown.includes(state.mode === 'web' ? 'team_member' : 'guest_')).toBe(false);
      }),
      { numRuns: 500 },
    );
  });

  it('G2.22 G2.26 G2.27 G2.28 G2.32 G2.35 G2.37 one hop settles: the route a decision goes to is kept when entered', () => {
    fc.assert(
      fc.property(anyState(events), (state) => {
        // Outside /register a tablet acts only once set up (G2.34), so events come from a set-up device.
        const ready = state.mode === 'web' || state.event === RouteEvent.ENTER;
        const settled = ready ? state : { ...state, authenticated: true, setupComplete: true };
        const decision = nextRoute(settled);
        if (decision.type !== 'navigate' || settled.event === RouteEvent.DEVICE_RESET) return;
        const [to = '', query = ''] = decision.to.split('?');
        const search = query === '' ? '' : `?${query}`;
        expect(nextRoute({ ...settled, event: RouteEvent.ENTER, path: to, search })).toEqual({
          type: 'stay',
        });
      }),
      { numRuns: 500 },
    );
  });

  it('G2.7 G2.31 /error-404 always stays and any path gets a decision', () => {
    fc.assert(
      fc.property(anyState(fc.constant(RouteEvent.ENTER)), (state) => {
        expect(['stay', 'navigate', 'notFound']).toContain(nextRoute(state).type);
        expect(nextRoute({ ...state, path: RoutePath.NOT_FOUND })).toEqual({ type: 'stay' });
      }),
      { numRuns: 500 },
    );
  });
});
