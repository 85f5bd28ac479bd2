/** The PWA glue: service worker registration, prompt-mode updates (D4.50–D4.52), run mode. */
export { type AppUpdate, applyUpdate, configureAppUpdate, surveyEnded, useAppUpdate } from './app-update';
export { takeRefreshFlag } from './refresh-flag';
export { registerServiceWorker } from './register';
export { type RunModeInfo, runMode } from './run-mode';
