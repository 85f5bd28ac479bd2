import { ALERT_RULES_ROWS } from './alert-rules';
import { AUTH_ROWS } from './auth';
import { CASES_ROWS } from './cases';
import { DIGEST_ROWS } from './digest';
import { EXPORTS_ROWS } from './exports';
import { INTEGRATION_KEYS_ROWS } from './integration-keys';
import { LINKS_ROWS } from './links';
import { REPORTS_ROWS } from './reports';
import { REPORTS_DISHES_STAFF_ROWS } from './reports-dishes-staff';
import { RESPONSES_ROWS } from './responses';
import { SETUP_ROWS } from './setup';
import { SURVEY_PREVIEW_ROWS } from './survey-preview';
import { SURVEYS_ROWS } from './surveys';
import { TILL_ROWS } from './till';
import type { ConsoleRow } from './types';
import { VOUCHER_POOLS_ROWS } from './voucher-pools';
import { WEBHOOKS_ROWS } from './webhooks';

export * from './types';

/**
 * Every console route's row of the tenant matrix (tenant-matrix.test.ts), by `METHOD /path` as Fastify
 * prints it. Each area keeps its rows in a file of its own; add yours here.
 */
export const CONSOLE_ROWS: Record<string, ConsoleRow> = {
  ...ALERT_RULES_ROWS,
  ...AUTH_ROWS,
  ...CASES_ROWS,
  ...EXPORTS_ROWS,
  ...LINKS_ROWS,
  ...RESPONSES_ROWS,
  ...REPORTS_ROWS,
  ...SETUP_ROWS,
  ...REPORTS_DISHES_STAFF_ROWS,
  ...TILL_ROWS,
  ...DIGEST_ROWS,
  ...INTEGRATION_KEYS_ROWS,
  ...WEBHOOKS_ROWS,
  ...VOUCHER_POOLS_ROWS,
  ...SURVEYS_ROWS,
  ...SURVEY_PREVIEW_ROWS,
};
