// The console's inbox (issue 29): its filter → SQL (shared with the exports), the list and one response.

export { getResponse } from './detail';
export { checkedInboxFilter, type InboxScope, inboxScope, inboxWhere } from './filters';
export { listInbox } from './list';
