export * from './auth-rules';
export * from './auth-schemas';
export * from './policy';
export * from './roles';
