import { CONSOLE } from '../../support/console';
import { type ConsoleActor, type ConsoleRow, OUTCOMES, probe } from './types';

/** The operator id an answer's `operator` names is the caller's own. */
const isCaller = (operatorId: unknown, ids: Record<string, number>, actor: ConsoleActor) =>
  actor !== 'nobody' && operatorId === ids[actor];

/** Rows of the session, profile, operators and audit calls (the auth helper's). */
export const AUTH_ROWS: Record<string, ConsoleRow> = {
  [`POST ${CONSOLE}/session`]: {
    public: 'signing in: e-mail and password are the credential; limits in console-auth-security.test.ts',
  },
  [`DELETE ${CONSOLE}/session`]: {
    probes: [
      probe({
        request: () => ({ method: 'DELETE', url: `${CONSOLE}/session` }),
        expect: OUTCOMES.anySignedIn,
      }),
    ],
  },
  [`GET ${CONSOLE}/me`]: {
    probes: [
      probe({
        request: () => ({ method: 'GET', url: `${CONSOLE}/me` }),
        sees: (a, _f, { ids, actor }) => a.status === 200 && isCaller(a.body.data.operator.id, ids, actor),
        expect: OUTCOMES.anySignedIn,
      }),
    ],
  },
};
