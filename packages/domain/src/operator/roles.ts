import { z } from 'zod';

/** The console's roles (operator-side.md "Operators, roles, sessions"). */
export const OPERATOR_ROLES = ['owner', 'manager', 'viewer'] as const;
export type OperatorRole = (typeof OPERATOR_ROLES)[number];
export const operatorRoleSchema = z.enum(OPERATOR_ROLES);

/**
 * Who is asking, as every console route sees it. `branchIds` are the branches named on a manager's or
 * viewer's account; an owner's is `'all'` (every branch of the company, present and future).
 */
export interface OperatorScope {
  id: number;
  companyId: number;
  role: OperatorRole;
  branchIds: readonly number[] | 'all';
}

/** `GET /console/me` and the operator in `POST /console/session`'s answer. */
export const consoleOperatorSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  role: operatorRoleSchema,
});
export type ConsoleOperator = z.infer<typeof consoleOperatorSchema>;
