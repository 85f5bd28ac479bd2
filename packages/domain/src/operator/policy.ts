import type { OperatorScope } from './roles';

// O1: the one policy of the console. Every console route asks these questions and nothing else decides
// who may see or change what (operator-side.md: "Role checks live in one policy module").

/** O1.1 An owner sees every branch of the company; a manager or viewer only the branches named on them. */
export function canSeeBranch(operator: OperatorScope, branchId: number): boolean {
  return operator.branchIds === 'all' || operator.branchIds.includes(branchId);
}

/** O1.2 Changing a branch's things (staff, devices, passcode, settings) needs a manager of it or the owner. */
export function canChangeBranch(operator: OperatorScope, branchId: number): boolean {
  return operator.role !== 'viewer' && canSeeBranch(operator, branchId);
}

/**
 * O1.3 Company-wide things (the company's settings, operators and their roles, adding a branch, integration
 * keys, webhooks, the audit log) are the owner's alone.
 */
export function canChangeCompany(operator: OperatorScope): boolean {
  return operator.role === 'owner';
}

/** O1.4 The branches a list may show: `'all'` for an owner, else the named ones (never more). */
export function visibleBranches(operator: OperatorScope, companyBranchIds: readonly number[]): number[] {
  return companyBranchIds.filter((branchId) => canSeeBranch(operator, branchId));
}

/**
 * O1.5 Whether an operator may be given a role and branches: a manager or viewer needs at least one branch,
 * an owner names none (they see all). Answers the catalogue key of the fault, or null.
 */
export function roleAssignmentFault(
  role: OperatorScope['role'],
  branchIds: readonly number[],
): 'operator.branchesRequired' | 'operator.ownerHasNoBranches' | null {
  if (role === 'owner') return branchIds.length === 0 ? null : 'operator.ownerHasNoBranches';
  return branchIds.length > 0 ? null : 'operator.branchesRequired';
}

/**
 * O1.6 An alert rule of one branch is changed by whoever changes that branch (its managers, the owner);
 * a rule of the whole company (branch null) is the owner's (O1.3).
 */
export function canChangeAlertRule(operator: OperatorScope, branchId: number | null): boolean {
  return branchId === null ? canChangeCompany(operator) : canChangeBranch(operator, branchId);
}

/**
 * O1.7 Who may receive a rule's alerts: an operator of the company who sees the rule's branch (O1.1);
 * for a company-wide rule, every branch (an owner). Checked when the rule is saved and again per mail.
 */
export function mayReceiveAlerts(
  recipient: OperatorScope,
  companyId: number,
  branchId: number | null,
): boolean {
  if (recipient.companyId !== companyId) return false;
  return branchId === null ? recipient.branchIds === 'all' : canSeeBranch(recipient, branchId);
}

/**
 * O1.9 Reading a survey (its document, versions and draft): the owner, or whoever sees one of the branches
 * it is served at.
 */
export function canSeeSurvey(operator: OperatorScope, surveyBranchIds: readonly number[]): boolean {
  return operator.branchIds === 'all' || surveyBranchIds.some((branchId) => canSeeBranch(operator, branchId));
}

/**
 * O1.10 Editing a survey (draft, publish, restore, import, duplicate): the owner; a manager only when the
 * company lets managers edit surveys and every branch the survey is served at is theirs (a survey at no
 * branch, or shared with a branch they do not run, is the owner's). A viewer never.
 */
export function canEditSurvey(
  operator: OperatorScope,
  surveyBranchIds: readonly number[],
  managersEditSurveys: boolean,
): boolean {
  if (operator.role === 'owner') return true;
  if (operator.role !== 'manager' || !managersEditSurveys || surveyBranchIds.length === 0) return false;
  return surveyBranchIds.every((branchId) => canSeeBranch(operator, branchId));
}
