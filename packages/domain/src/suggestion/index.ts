export * from './draft';
export * from './facts';
export * from './phrases';
export * from './text';
