export { BranchScreen } from './branch-screen';
export { BranchesScreen } from './branches-screen';
