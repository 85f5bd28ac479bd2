export * from './policy';
export * from './roles';
