import { insertResponses } from '../../../src/services/responses/insert-responses';
import { NOW } from '../../harness';
import { CONSOLE } from '../../support/console';
import { reportResponse } from '../../support/report-responses';
import {
  type Answer,
  type ConsoleActor,
  type ConsoleRow,
  OUTCOMES,
  type Outcome,
  probe,
  type RowContext,
} from './types';

/** A day only these rows use: every response on it is branch 1's. */
const DAY = '2017-02-03';
const ON_DAY = `from=${DAY}&to=${DAY}`;

/** A fresh response of branch 1 on DAY: the figure the callers may or may not see. */
async function branchOneResponse({ h }: RowContext): Promise<void> {
  await insertResponses(h.database.db, [reportResponse({ branchId: 1, day: DAY, nps: 9, csat: 80 })], NOW);
}

/** Reports of every branch the caller sees: those who see branch 1 count its response, the rest are blind. */
const ownBranches: Record<ConsoleActor, Outcome> = {
  owner: 'sees',
  manager1: 'sees',
  manager2: 'blind',
  viewer: 'sees',
  otherCompany: 'blind',
  nobody: 10005,
};

const countsBranchOne = (a: Answer) => a.status === 200 && a.body.data.responses > 0;

/** Rows of the dashboard's reports (summary, trend, branches): branch 1's figures are branch 1's readers'. */
export const REPORTS_ROWS: Record<string, ConsoleRow> = {
  [`GET ${CONSOLE}/reports/summary`]: {
    probes: [
      probe({
        prepare: branchOneResponse,
        request: () => ({ method: 'GET', url: `${CONSOLE}/reports/summary?${ON_DAY}&branchId=1` }),
        sees: countsBranchOne,
        expect: OUTCOMES.branchRead,
      }),
      probe({
        prepare: branchOneResponse,
        request: () => ({ method: 'GET', url: `${CONSOLE}/reports/summary?${ON_DAY}` }),
        sees: countsBranchOne,
        expect: ownBranches,
      }),
    ],
  },
  [`GET ${CONSOLE}/reports/trend`]: {
    probes: [
      probe({
        prepare: branchOneResponse,
        request: () => ({ method: 'GET', url: `${CONSOLE}/reports/trend?${ON_DAY}&branchId=1` }),
        sees: (a) => a.status === 200 && a.body.data.points[0].responses > 0,
        expect: OUTCOMES.branchRead,
      }),
      probe({
        prepare: branchOneResponse,
        request: () => ({ method: 'GET', url: `${CONSOLE}/reports/trend?${ON_DAY}&bucket=month` }),
        sees: (a) => a.status === 200 && a.body.data.points[0].responses > 0,
        expect: ownBranches,
      }),
    ],
  },
  [`GET ${CONSOLE}/reports/branches`]: {
    probes: [
      probe({
        prepare: branchOneResponse,
        request: () => ({ method: 'GET', url: `${CONSOLE}/reports/branches?${ON_DAY}` }),
        // Branch 1 listed, or any figure of it: a caller who may not see it gets neither.
        sees: (a) =>
          a.status === 200 &&
          a.body.data.items.some((b: { id: number; responses: number }) => b.id === 1 || b.responses > 0),
        expect: ownBranches,
      }),
    ],
  },
};
