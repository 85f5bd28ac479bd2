import { canChangeCompany, type OperatorScope } from '@venue-voice/domain';

export interface NavItem {
  /** Text key of the link. */
  label: string;
  to: string;
  /** Only these paths are the item's own (the rest under it may belong to another item). */
  end?: boolean;
}

/**
 * The navigation by role (O1 policy): company settings, operators, the audit log, integration keys and
 * webhooks are the owner's (O1.3); staff goes to the branch of the switcher.
 */
export function navItems(scope: OperatorScope, branchId: number | null): NavItem[] {
  const owner = canChangeCompany(scope);
  return [
    { label: 'nav.dashboard', to: '/dashboard' },
    { label: 'nav.home', to: '/', end: true },
    // Issue 29: what guests said comes right after the dashboard and home.
    { label: 'nav.responses', to: '/responses' },
    // Issue 30: the cases alerts opened, beside the responses they are about.
    { label: 'nav.cases', to: '/cases' },
    // The reports, after "Responses" (the inbox's item).
    { label: 'nav.dishes', to: '/dishes' },
    { label: 'nav.team', to: '/team' },
    // Issue 30: acting on what guests said.
    { label: 'nav.alerts', to: '/alerts' },
    ...(owner ? [{ label: 'nav.company', to: '/company' }] : []),
    { label: 'nav.branches', to: '/branches', end: true },
    ...(branchId !== null ? [{ label: 'nav.staff', to: `/branches/${branchId}/staff` }] : []),
    { label: 'nav.devices', to: '/devices' },
    { label: 'nav.links', to: '/links' },
    // Issue 31: the surveys and their editor (read by anyone who sees a branch they serve, O1.9).
    { label: 'nav.surveys', to: '/surveys' },
    ...(owner
      ? [
          { label: 'nav.menuImport', to: '/menu-import' },
          { label: 'nav.operators', to: '/operators' },
          { label: 'nav.audit', to: '/audit' },
          // Issue 30: integration keys, the owner's (O1.3).
          { label: 'nav.integrations', to: '/integrations' },
          // Issue 30: the company's webhooks (owner).
          { label: 'nav.webhooks', to: '/webhooks' },
        ]
      : []),
  ];
}
