export * from './api';
export * from './document';
export * from './faults';
export * from './parse';
export * from './preview';
export * from './texts';
export * from './voucher-codes';
