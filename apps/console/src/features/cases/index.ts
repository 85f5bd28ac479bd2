// Cases (issue 30 item 2): the list of cases and one case.
export { CaseScreen } from './case-screen';
export { CasesScreen } from './cases-screen';
