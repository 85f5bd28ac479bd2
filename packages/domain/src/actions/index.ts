// Acting on feedback and the integrations (issue 30): alerts, cases, digests, keys, webhooks, the till.

export * from './alerts';
export * from './case-counts';
export * from './cases';
export * from './constants';
export * from './digest';
export * from './integration-keys';
export * from './menu-csv';
export * from './till';
export * from './webhooks';
