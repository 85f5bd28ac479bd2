// Acting on feedback and the integrations (issue 30): alerts, cases, digests, keys, webhooks, the till.
export * from './constants';
export * from './menu-csv';
export * from './till';
