export * from './checkout-mode';
export * from './permission';
export * from './scratch-card';
export * from './sharing-summary';
export * from './steps';
export * from './voucher';
