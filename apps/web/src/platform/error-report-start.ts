import type { WebEnv } from '../config/env';
import { createErrorReporter } from './error-report';
import { setLogSink } from './log';

/**
 * Starts error reporting when the build names a collector (VITE_ERROR_REPORT_URL): unhandled errors,
 * unhandled rejections and `logError` calls are beaconed there. Without one nothing is listened to or
 * sent. Returns the function that stops it (tests).
 */
export function startErrorReporting(
  settings: Pick<WebEnv, 'errorReportUrl' | 'appVersion'>,
  target: Window = window,
): () => void {
  const url = settings.errorReportUrl;
  if (!url || typeof target.navigator.sendBeacon !== 'function') return () => {};
  const reporter = createErrorReporter({
    url,
    release: settings.appVersion,
    send: (to, body) => target.navigator.sendBeacon(to, body),
  });
  const stop = reporter.listen(target);
  setLogSink((message, context) => reporter.report('log', message, { context }));
  return () => {
    stop();
    setLogSink(null);
  };
}
