/** What other features' tests use of the checkout's test set-up (tests only; decision 0170). */
export { finishedSession, payload, renderStep, sentSession, setUpStepTests } from './checkout-fixtures';
