import { randomBytes } from 'node:crypto';
import { CONSOLE } from '../../support/console';
import { dish, insertRated } from '../../support/rated-responses';
import {
  type Answer,
  type ConsoleActor,
  type ConsoleRow,
  OUTCOMES,
  type Outcome,
  probe,
  type RowContext,
} from './types';

// A day no other data uses: each probe's response is rated there, at branch 1.
const PERIOD = 'from=2017-08-14&to=2017-08-20';

/** Branch 1's report read without a branch: those who see it see it, the rest read their own (blind). */
const ownBranches: Record<ConsoleActor, Outcome> = {
  ...OUTCOMES.branchRead,
  manager2: 'blind',
  otherCompany: 'blind',
};

interface Rated {
  ref: string;
  comment: string;
}

/** A fresh response at branch 1: a dish of its own rated good, member 2 (Sam, branch 1) thanked. */
async function rated({ h }: RowContext): Promise<Rated> {
  const tag = randomBytes(4).toString('hex');
  const fixture = { ref: `MX-${tag}`, comment: `Matrix ${tag}` };
  await insertRated(h.database.db, [
    {
      branchId: 1,
      visit: '2017-08-15 19:00:00',
      dishes: [dish(fixture.ref, 3, [1])],
      staffId: 2,
      staff: {
        renderType: 1,
        staffId: 2,
        subQuestions: [{ question_type: 'text', answers: [fixture.comment] }],
      },
      csat: 80,
      nps: 9,
    },
  ]);
  return fixture;
}

const listsDish = (a: Answer, f: Rated) =>
  a.status === 200 && a.body.data.items.some((i: { ref: string }) => i.ref === f.ref);
const trendRated = (a: Answer) =>
  a.status === 200 && a.body.data.points.some((p: { ratings: number }) => p.ratings > 0);
const listsComment = (a: Answer, f: Rated) => a.status === 200 && JSON.stringify(a.body).includes(f.comment);

/** Rows of the dish and team reports (issue 29): reading, for the branches one sees. */
export const REPORTS_DISHES_STAFF_ROWS: Record<string, ConsoleRow> = {
  [`GET ${CONSOLE}/reports/dishes`]: {
    probes: [
      probe({
        prepare: rated,
        request: () => ({ method: 'GET', url: `${CONSOLE}/reports/dishes?${PERIOD}` }),
        sees: listsDish,
        expect: ownBranches,
      }),
      probe({
        prepare: rated,
        request: () => ({
          method: 'GET',
          url: `${CONSOLE}/reports/dishes?${PERIOD}&branchId=1&group=family`,
        }),
        // Grouped, the dish is under "no family group" (ref null): its ratings are what shows.
        sees: (a) =>
          a.status === 200 && a.body.data.items.some((i: { ref: string | null }) => i.ref === null),
        expect: OUTCOMES.branchRead,
      }),
    ],
  },
  [`GET ${CONSOLE}/reports/dishes/:ref/trend`]: {
    probes: [
      probe({
        prepare: rated,
        request: (f) => ({
          method: 'GET',
          url: `${CONSOLE}/reports/dishes/${f.ref}/trend?${PERIOD}&branchId=1`,
        }),
        sees: trendRated,
        expect: OUTCOMES.branchRead,
      }),
      // Without a branch: a dish nobody in one's branches rated and not on one's menu does not exist.
      probe({
        prepare: rated,
        request: (f) => ({ method: 'GET', url: `${CONSOLE}/reports/dishes/${f.ref}/trend?${PERIOD}` }),
        sees: trendRated,
        expect: { ...OUTCOMES.branchRead, manager2: 10014, otherCompany: 10014 },
      }),
    ],
  },
  [`GET ${CONSOLE}/reports/staff`]: {
    probes: [
      probe({
        prepare: rated,
        request: () => ({ method: 'GET', url: `${CONSOLE}/reports/staff?${PERIOD}` }),
        sees: listsComment,
        expect: ownBranches,
      }),
      probe({
        prepare: rated,
        request: () => ({ method: 'GET', url: `${CONSOLE}/reports/staff?${PERIOD}&branchId=1` }),
        sees: listsComment,
        expect: OUTCOMES.branchRead,
      }),
    ],
  },
};
