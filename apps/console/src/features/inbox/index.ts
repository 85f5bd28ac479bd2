export { InboxScreen } from './inbox-screen';
export { ResponseScreen } from './response-screen';
