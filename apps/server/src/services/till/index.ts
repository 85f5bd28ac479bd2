// The till (issue 30 item 6): checks and the menu from the EPOS, and the console's menu import.
export { type StoredCheck, storeCheck } from './checks';
export { replaceMenu } from './menu';
export { listRecentChecks } from './recent-checks';
