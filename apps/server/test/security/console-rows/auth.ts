import { randomBytes } from 'node:crypto';
import { operatorBranches, operators } from '../../../src/db/schema';
import { recordAudit } from '../../../src/services/audit/record';
import { CONSOLE } from '../../support/console';
import { type ConsoleActor, type ConsoleRow, OUTCOMES, probe, type RowContext } from './types';

/** The operator id an answer's `operator` names is the caller's own. */
const isCaller = (operatorId: unknown, ids: Record<string, number>, actor: ConsoleActor) =>
  actor !== 'nobody' && operatorId === ids[actor];

/** A new invited manager of branch 1 of company 1: the thing the operator calls change or remove. */
async function freshOperator({ h }: RowContext): Promise<{ id: number; email: string }> {
  const email = `matrix-${randomBytes(4).toString('hex')}@demo.test`;
  const [row] = await h.database.db
    .insert(operators)
    .values({ companyId: 1, email, name: 'Matrix', role: 'manager' })
    .returning({ id: operators.id });
  if (!row) throw new Error('no operator');
  await h.database.db.insert(operatorBranches).values({ operatorId: row.id, branchId: 1 });
  return { id: row.id, email };
}

/** The owner's calls on company 1's operators: the other company's owner finds none of them. */
const operatorOutcomes = { ...OUTCOMES.companyOwnerOnly, otherCompany: 10014 } as const;

/** Rows of the session, profile, operators and audit calls (the auth helper's). */
export const AUTH_ROWS: Record<string, ConsoleRow> = {
  [`POST ${CONSOLE}/session`]: {
    public: 'signing in: e-mail and password are the credential; limits in security/console-auth.test.ts',
  },
  [`POST ${CONSOLE}/password-reset`]: {
    public: 'asks for a reset mail: the mailbox is the credential; limits in security/console-auth.test.ts',
  },
  [`GET ${CONSOLE}/links/:token`]: {
    public: 'the 256-bit one-time token is the credential (24 h, single use): console-links.test.ts',
  },
  [`POST ${CONSOLE}/links/:token`]: {
    public: 'the 256-bit one-time token is the credential (24 h, single use): console-links.test.ts',
  },
  [`DELETE ${CONSOLE}/session`]: {
    probes: [
      probe({
        request: () => ({ method: 'DELETE', url: `${CONSOLE}/session` }),
        expect: OUTCOMES.anySignedIn,
      }),
    ],
  },
  [`DELETE ${CONSOLE}/sessions`]: {
    probes: [
      probe({
        request: () => ({ method: 'DELETE', url: `${CONSOLE}/sessions` }),
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
  [`PATCH ${CONSOLE}/me`]: {
    probes: [
      probe({
        request: () => ({ method: 'PATCH', url: `${CONSOLE}/me`, payload: { language: 'en-gb' } }),
        sees: (a, _f, { ids, actor }) => a.status === 200 && isCaller(a.body.data.operator.id, ids, actor),
        expect: OUTCOMES.anySignedIn,
      }),
    ],
  },
  [`GET ${CONSOLE}/operators`]: {
    probes: [
      probe({
        request: () => ({ method: 'GET', url: `${CONSOLE}/operators` }),
        // Company 1's manager of branch 1 (the demo's) is listed.
        sees: (a) => a.status === 200 && a.body.data.items.some((o: { id: number }) => o.id === 2),
        expect: OUTCOMES.companyOwnerOnly,
      }),
    ],
  },
  [`POST ${CONSOLE}/operators`]: {
    probes: [
      probe({
        request: () => ({
          method: 'POST',
          url: `${CONSOLE}/operators`,
          payload: {
            email: `invite-${randomBytes(4).toString('hex')}@demo.test`,
            name: 'Invited',
            role: 'manager',
            branchIds: [1],
          },
        }),
        // The other company's owner cannot name company 1's branch: 10025 operator.unknownBranch.
        expect: { ...OUTCOMES.companyOwnerOnly, otherCompany: 10025 },
      }),
    ],
  },
  [`PATCH ${CONSOLE}/operators/:id`]: {
    probes: [
      probe({
        prepare: freshOperator,
        request: (f) => ({
          method: 'PATCH',
          url: `${CONSOLE}/operators/${f.id}`,
          payload: { name: 'Renamed' },
        }),
        sees: (a) => a.status === 200 && a.body.data.operator.name === 'Renamed',
        expect: operatorOutcomes,
      }),
    ],
  },
  [`DELETE ${CONSOLE}/operators/:id`]: {
    probes: [
      probe({
        prepare: freshOperator,
        request: (f) => ({ method: 'DELETE', url: `${CONSOLE}/operators/${f.id}` }),
        expect: operatorOutcomes,
      }),
    ],
  },
  [`POST ${CONSOLE}/operators/:id/invitation`]: {
    probes: [
      probe({
        prepare: freshOperator,
        request: (f) => ({ method: 'POST', url: `${CONSOLE}/operators/${f.id}/invitation` }),
        sees: (a, f) => a.status === 200 && a.body.data.operator.id === f.id,
        expect: operatorOutcomes,
      }),
    ],
  },
  [`GET ${CONSOLE}/audit`]: {
    probes: [
      probe({
        prepare: async ({ h }) => {
          const marker = `matrix.${randomBytes(4).toString('hex')}`;
          await recordAudit(h.database.db, {
            companyId: 1,
            actor: { id: null, label: 'cli' },
            action: 'company.update',
            subjectType: 'company',
            subjectId: 1,
            detail: { marker },
          });
          return marker;
        },
        request: () => ({ method: 'GET', url: `${CONSOLE}/audit` }),
        sees: (a, marker) =>
          a.status === 200 &&
          a.body.data.items.some((e: { detail: { marker?: string } }) => e.detail.marker === marker),
        expect: OUTCOMES.companyOwnerOnly,
      }),
    ],
  },
};
