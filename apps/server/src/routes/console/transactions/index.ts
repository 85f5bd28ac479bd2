// The console's read of the till's stored checks (issue 31 item 4): the preview's Engine panel.
export { transactionsListRoute } from './transactions.list';
