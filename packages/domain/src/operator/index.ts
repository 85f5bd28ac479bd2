export * from './audit-actions';
export * from './auth-rules';
export * from './auth-schemas';
export * from './links';
export * from './policy';
export * from './roles';
