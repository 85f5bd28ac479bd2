export * from './misc-group';
export * from './ordering';
export * from './search';
