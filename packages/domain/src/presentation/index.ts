export * from './colour';
export * from './cookie-consent';
export * from './error-queue';
export * from './install';
export * from './plural-keys';
export * from './slider';
export * from './title-font';
export * from './toasts';
