export * from './export-cells';
export * from './figures';
export * from './inbox';
export * from './periods';
export * from './response-view';
export * from './schemas';
