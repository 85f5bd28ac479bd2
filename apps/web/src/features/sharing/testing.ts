/** What other features' tests use of the sharing fixtures (tests only; decision 0170). */
export { finishedRun, submittedSession } from './test-fixtures';
