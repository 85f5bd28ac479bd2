export * from './api';
export * from './document';
export * from './faults';
export * from './parse';
export * from './question-kinds';
export * from './texts';
