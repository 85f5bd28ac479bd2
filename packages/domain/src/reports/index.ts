export * from './dashboard';
export * from './figures';
export * from './periods';
export * from './schemas';
