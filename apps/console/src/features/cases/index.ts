// Cases (issue 30 item 2): the list of cases, one case, and the navigation's counts of what waits.
export { CaseScreen } from './case-screen';
export { type CasesNavExtras, useCasesNav } from './cases-nav';
export { CasesScreen } from './cases-screen';
