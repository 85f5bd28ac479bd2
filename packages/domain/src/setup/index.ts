export * from './branch-settings';
export * from './company-settings';
export * from './devices';
export * from './faults';
export * from './guest-settings';
export * from './schemas';
