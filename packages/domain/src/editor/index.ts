export * from './api';
export * from './document';
export * from './faults';
export * from './parse';
export * from './texts';
export * from './voucher-codes';
