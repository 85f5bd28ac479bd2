export * from './api';
export * from './document';
export * from './faults';
export * from './parse';
export * from './preview';
export * from './question-kinds';
export * from './texts';
export * from './voucher-codes';
