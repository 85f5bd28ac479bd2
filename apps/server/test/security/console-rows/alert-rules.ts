import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../../src/db/connection';
import { CONSOLE } from '../../support/console';
import { type ConsoleActor, type ConsoleRow, OUTCOMES, type Outcome, probe, type RowContext } from './types';

/** A fresh alert rule of branch 1 mailing the owner, named so only it matches. */
async function branchRule({ h, ids }: RowContext): Promise<{ id: number; name: string }> {
  const name = `matrix ${randomBytes(4).toString('hex')}`;
  const [row] = await queryRows<{ id: number }>(
    h.database.db,
    sql`insert into alert_rules (company_id, branch_id, name, kind, recipient_ids)
      values (1, 1, ${name}, 'complaint', array[${ids.owner}]::int[]) returning id`,
  );
  return { id: row?.id ?? 0, name };
}

/** A rule reached by its id: one the caller may not see is not found (10014), not a branch (10012). */
const ruleChange: Record<ConsoleActor, Outcome> = {
  ...OUTCOMES.branchChange,
  manager2: 10014,
  otherCompany: 10014,
};

/** Rows of the alert rules (issue 30 item 1): branch 1's rules are its managers' and the owner's (O1.6). */
export const ALERT_RULES_ROWS: Record<string, ConsoleRow> = {
  [`GET ${CONSOLE}/alert-rules`]: {
    probes: [
      probe({
        prepare: branchRule,
        request: () => ({ method: 'GET', url: `${CONSOLE}/alert-rules` }),
        sees: (a, { id }) => a.status === 200 && a.body.data.rules.some((r: { id: number }) => r.id === id),
        expect: {
          owner: 'sees',
          manager1: 'sees',
          manager2: 'blind',
          viewer: 'sees',
          otherCompany: 'blind',
          nobody: 10005,
        },
      }),
    ],
  },
  [`POST ${CONSOLE}/alert-rules`]: {
    probes: [
      probe({
        request: (_f, { ids }) => ({
          method: 'POST',
          url: `${CONSOLE}/alert-rules`,
          payload: { name: 'matrix', kind: 'complaint', branchId: 1, recipientIds: [ids.owner] },
        }),
        sees: (a) => a.status === 201,
        expect: OUTCOMES.branchChange,
      }),
      probe({
        request: (_f, { ids }) => ({
          method: 'POST',
          url: `${CONSOLE}/alert-rules`,
          payload: { name: 'matrix', kind: 'complaint', branchId: null, recipientIds: [ids.owner] },
        }),
        sees: (a) => a.status === 201,
        // Company 2's owner may add rules of their own company, but never mail company 1's operators.
        expect: { ...OUTCOMES.companyOwnerOnly, otherCompany: 10025 },
      }),
    ],
  },
  [`PATCH ${CONSOLE}/alert-rules/:id`]: {
    probes: [
      probe({
        prepare: branchRule,
        request: ({ id }) => ({
          method: 'PATCH',
          url: `${CONSOLE}/alert-rules/${id}`,
          payload: { active: false },
        }),
        sees: (a) => a.status === 200,
        expect: ruleChange,
      }),
    ],
  },
  [`DELETE ${CONSOLE}/alert-rules/:id`]: {
    probes: [
      probe({
        prepare: branchRule,
        request: ({ id }) => ({ method: 'DELETE', url: `${CONSOLE}/alert-rules/${id}` }),
        sees: async (a, { id }, { h }) =>
          a.status === 200 &&
          (await queryRows(h.database.db, sql`select 1 from alert_rules where id = ${id}`)).length === 0,
        expect: ruleChange,
      }),
    ],
  },
};
