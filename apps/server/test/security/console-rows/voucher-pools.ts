import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../../src/db/connection';
import { CONSOLE } from '../../support/console';
import { type ConsoleRow, probe } from './types';

/**
 * Rows of a survey's voucher pools (issue 31 item 1). Survey 1 (demo-bistro) is served at branches 1 and
 * 2, so every operator of company 1 reads it (O1.9); editing it is the owner's while the company does not
 * let managers edit surveys (O1.10); another company's operators find no such survey.
 */
export const VOUCHER_POOLS_ROWS: Record<string, ConsoleRow> = {
  [`GET ${CONSOLE}/surveys/:surveyId/vouchers`]: {
    probes: [
      probe({
        request: () => ({ method: 'GET', url: `${CONSOLE}/surveys/1/vouchers` }),
        sees: (a) =>
          a.status === 200 && a.body.data.items.some((p: { voucherId: number }) => p.voucherId === 1),
        expect: {
          owner: 'sees',
          manager1: 'sees',
          manager2: 'sees',
          viewer: 'sees',
          otherCompany: 10014,
          nobody: 10005,
        },
      }),
    ],
  },
  [`POST ${CONSOLE}/surveys/:surveyId/vouchers/:voucherId/codes`]: {
    probes: [
      probe({
        prepare: async () => ({ code: `MATRIX-${randomBytes(6).toString('hex')}` }),
        request: ({ code }) => ({
          method: 'POST',
          url: `${CONSOLE}/surveys/1/vouchers/1/codes`,
          payload: { text: code },
        }),
        sees: async (a, { code }, { h }) =>
          a.status === 200 &&
          (
            await queryRows(
              h.database.db,
              sql`select 1 from voucher_codes where code = ${code} and survey_id = 1`,
            )
          ).length === 1,
        expect: {
          owner: 'sees',
          manager1: 10034,
          manager2: 10034,
          viewer: 10034,
          otherCompany: 10014,
          nobody: 10005,
        },
      }),
    ],
  },
};
