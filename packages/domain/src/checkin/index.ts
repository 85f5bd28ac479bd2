export * from './address';
export * from './checkin-state';
export * from './next-route';
export * from './receipt';
export * from './routes';
export * from './url-params';
export * from './visit-time';
