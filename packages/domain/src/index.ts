export * from './constants';
export * from './enums';
export * from './errors';
export * from './menu';
export * from './messages';
export * from './random';
export * from './schemas';
export * from './validation';
