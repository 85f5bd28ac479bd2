import { RESPONSES_PULL_ROWS } from './responses';
import { TILL_INTEGRATION_ROWS } from './till';
import type { IntegrationRow } from './types';

export * from './types';

/**
 * Every /integrations/* route's row of the tenant matrix (tenant-matrix.test.ts), by `METHOD /path` as
 * Fastify prints it. Each area keeps its rows in a file of its own (`<area>.ts`); add yours here.
 */
export const INTEGRATION_ROWS: Record<string, IntegrationRow> = {
  ...RESPONSES_PULL_ROWS,
  ...TILL_INTEGRATION_ROWS,
};
