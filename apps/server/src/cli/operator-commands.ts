import { AppError, OPERATOR_ROLES, type OperatorRole } from '@venue-voice/domain';
import { eq } from 'drizzle-orm';
import { companies } from '../db/schema';
import { CLI_ACTOR } from '../services/audit/record';
import { AdminError } from '../services/devices/admin';
import { companyFault, createCompany } from '../services/operators/companies';
import { linkUrl } from '../services/operators/links';
import { createOperator } from '../services/operators/manage';
import type { AdminContext } from './commands';

/** Why createOperator refused, in the words of a terminal (its faults are the console's catalogue keys). */
const FAULT_TEXT: Record<string, (email: string) => string> = {
  'form.invalidEmail': (email) => `"${email}" is not an e-mail address`,
  'operator.emailTaken': (email) =>
    `${email} is already an operator (e-mails are unique in the installation)`,
  'operator.branchesRequired': () => 'A manager or viewer needs --branches',
  'operator.ownerHasNoBranches': () => 'An owner sees every branch: leave --branches out',
  'operator.unknownBranch': () => '--branches names a branch the company does not have',
};

const adminFault =
  (email: string) =>
  (error: unknown): never => {
    const fields =
      error instanceof AppError ? (error.detail?.fields as Record<string, string> | undefined) : undefined;
    if (!fields) throw error;
    const problems = Object.values(fields).map((key) => FAULT_TEXT[key]?.(email) ?? key);
    throw new AdminError(problems.join('; '));
  };

/** `company:create <key> <name>`. */
export async function companyCreate({ db, now }: AdminContext, key: string, name: string): Promise<string> {
  const fault = companyFault(key, name);
  if (fault) throw new AdminError(fault);
  const made = await createCompany(db, { key, name, actor: CLI_ACTOR, now });
  if (!made) throw new AdminError(`A company already has the key "${key}"`);
  return `Company "${key}" (${name.trim()}) is created. Add its owner:\n  npm run admin -- operator:create ${key} <email> --role owner`;
}

/** `operator:create <companyKey> <email> --role owner|manager|viewer [--branches 1,2] [--name "…"]`. */
export async function operatorCreate(
  ctx: AdminContext,
  [companyKey = '', email = '']: string[],
  options: Record<string, string>,
): Promise<string> {
  const role = options.role as OperatorRole;
  if (!OPERATOR_ROLES.includes(role))
    throw new AdminError(`--role must be one of ${OPERATOR_ROLES.join(', ')}`);
  const raw = options.branches ?? '';
  if (raw !== '' && !/^\d+(,\d+)*$/.test(raw)) throw new AdminError('--branches takes branch ids: 1,2');
  const branchIds = raw === '' ? [] : raw.split(',').map(Number);
  const [company] = await ctx.db.select().from(companies).where(eq(companies.key, companyKey));
  if (!company) throw new AdminError(`No company has the key "${companyKey}"`);
  const created = await createOperator(
    { db: ctx.db, companyId: company.id, actor: CLI_ACTOR, now: ctx.now },
    { email, name: options.name ?? '', role, branchIds },
  ).catch(adminFault(email));
  const { operator, token } = created;
  const origin = ctx.linkOrigin ?? 'http://localhost:8080';
  return [
    `Operator ${operator.email} (${operator.role}) of ${companyKey} is added.`,
    'Their set-password link (works once, for 24 hours):',
    `  ${linkUrl(origin, token)}`,
  ].join('\n');
}
