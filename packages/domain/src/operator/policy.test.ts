import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  canChangeBranch,
  canChangeCompany,
  canEditSurvey,
  canSeeBranch,
  canSeeSurvey,
  roleAssignmentFault,
  visibleBranches,
} from './policy';
import type { OperatorScope } from './roles';

const owner: OperatorScope = { id: 1, companyId: 1, role: 'owner', branchIds: 'all' };
const manager1: OperatorScope = { id: 2, companyId: 1, role: 'manager', branchIds: [1] };
const viewer12: OperatorScope = { id: 3, companyId: 1, role: 'viewer', branchIds: [1, 2] };

describe('console policy (O1)', () => {
  it.each([
    ['owner', owner, 1, true, true],
    ['owner', owner, 99, true, true],
    ['manager of 1', manager1, 1, true, true],
    ['manager of 1', manager1, 2, false, false],
    ['viewer of 1 and 2', viewer12, 2, true, false],
    ['viewer of 1 and 2', viewer12, 3, false, false],
  ] as const)('O1.1 O1.2 %s on branch %#: sees %s, changes %s', (_name, operator, branch, sees, changes) => {
    expect(canSeeBranch(operator, branch)).toBe(sees);
    expect(canChangeBranch(operator, branch)).toBe(changes);
  });

  it.each([
    ['owner, survey at 2', owner, [2], false, true, true],
    ['owner, survey at no branch', owner, [], false, true, true],
    ['manager of 1, survey at 1, not allowed', manager1, [1], false, true, false],
    ['manager of 1, survey at 1, allowed', manager1, [1], true, true, true],
    ['manager of 1, survey at 1 and 2, allowed', manager1, [1, 2], true, true, false],
    ['manager of 1, survey at 2, allowed', manager1, [2], true, false, false],
    ['manager of 1, survey at no branch, allowed', manager1, [], true, false, false],
    ['viewer of 1 and 2, survey at 1, allowed', viewer12, [1], true, true, false],
  ] as const)('O1.9 O1.10 %s: sees %#', (_name, operator, branches, allowed, sees, edits) => {
    expect(canSeeSurvey(operator, branches)).toBe(sees);
    expect(canEditSurvey(operator, branches, allowed)).toBe(edits);
  });

  it('O1.3 only the owner changes company-wide things', () => {
    expect([owner, manager1, viewer12].map(canChangeCompany)).toEqual([true, false, false]);
  });

  it('O1.4 a list never shows a branch the operator may not see', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: 1, max: 50 })),
        fc.uniqueArray(fc.integer({ min: 1, max: 50 })),
        (named, company) => {
          const operator: OperatorScope = { id: 9, companyId: 1, role: 'manager', branchIds: named };
          const shown = visibleBranches(operator, company);
          expect(shown.every((id) => named.includes(id) && company.includes(id))).toBe(true);
          expect(visibleBranches(owner, company)).toEqual(company);
        },
      ),
    );
  });

  it.each([
    ['owner', [], null],
    ['owner', [1], 'operator.ownerHasNoBranches'],
    ['manager', [], 'operator.branchesRequired'],
    ['manager', [1, 2], null],
    ['viewer', [], 'operator.branchesRequired'],
    ['viewer', [2], null],
  ] as const)('O1.5 role %s with branches %j: %s', (role, branches, fault) => {
    expect(roleAssignmentFault(role, branches)).toBe(fault);
  });
});
