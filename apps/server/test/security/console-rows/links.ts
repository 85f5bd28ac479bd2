import { CONSOLE } from '../../support/console';
import { type Answer, type ConsoleRow, OUTCOMES, probe } from './types';

/** Demo survey 1 (demo-bistro) at branch 1: what every links row is about. */
const AT_BRANCH_1 = `${CONSOLE}/surveys/1/branches/1`;

/** A file of branch 1's survey was served: 200 with the type asked for. */
const served = (type: string) => (a: Answer) =>
  a.status === 200 && String(a.headers['content-type']).startsWith(type);

/** A list that names branch 1 of company 1 (its demo-bistro link). */
const listsBranch1 = (a: Answer) =>
  a.status === 200 &&
  (a.body.data.items as { branchId: number; slug: string }[]).some(
    (item) => item.branchId === 1 && item.slug === 'demo-bistro',
  );

/** Rows of the guest links, QR codes and table cards (the links helper's): reading, for branches one sees. */
export const LINKS_ROWS: Record<string, ConsoleRow> = {
  [`GET ${CONSOLE}/links`]: {
    probes: [
      // All links: each caller gets their own branches; manager of 2 and the other company none of 1's.
      probe({
        request: () => ({ method: 'GET', url: `${CONSOLE}/links` }),
        sees: listsBranch1,
        expect: { ...OUTCOMES.branchRead, manager2: 'blind', otherCompany: 'blind' },
      }),
      probe({
        request: () => ({ method: 'GET', url: `${CONSOLE}/links?branchId=1&table=4` }),
        sees: listsBranch1,
        expect: OUTCOMES.branchRead,
      }),
    ],
  },
  [`GET ${CONSOLE}/surveys/:surveyId/branches/:branchId/qr.svg`]: {
    probes: [
      probe({
        request: () => ({ method: 'GET', url: `${AT_BRANCH_1}/qr.svg?table=4` }),
        sees: served('image/svg+xml'),
        expect: OUTCOMES.branchRead,
      }),
    ],
  },
  [`GET ${CONSOLE}/surveys/:surveyId/branches/:branchId/qr.png`]: {
    probes: [
      probe({
        request: () => ({ method: 'GET', url: `${AT_BRANCH_1}/qr.png?size=128` }),
        sees: served('image/png'),
        expect: OUTCOMES.branchRead,
      }),
    ],
  },
  [`GET ${CONSOLE}/surveys/:surveyId/branches/:branchId/table-cards.pdf`]: {
    probes: [
      probe({
        request: () => ({ method: 'GET', url: `${AT_BRANCH_1}/table-cards.pdf?tables=4` }),
        sees: served('application/pdf'),
        expect: OUTCOMES.branchRead,
      }),
    ],
  },
};
