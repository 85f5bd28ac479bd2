export * from './links';
export * from './policy';
export * from './roles';
