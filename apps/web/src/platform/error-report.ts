/**
 * Error reporting (guest-flow.md §7 "an error-reporting service"): unhandled errors and `logError`
 * calls are sent with `navigator.sendBeacon` to VITE_ERROR_REPORT_URL. Off (no listener, no request)
 * when it is unset. A report never carries personal data: no query strings or fragments, no answers,
 * no route values that could be a receipt PIN, and digits, e-mail addresses and context strings are
 * masked (docs/decisions/0069).
 */
import { isKnownPath } from '@venue-voice/domain';

export interface ErrorReport {
  source: 'log' | 'error' | 'unhandledrejection';
  message: string;
  /** The screen: a known path as it is, a venue address as its slug only. */
  path: string;
  release: string;
  /** ISO time of the report. */
  time: string;
  stack?: string;
  /** Numbers and flags of the log call's context, and its `error` text (masked). */
  context?: Record<string, string | number | boolean>;
}

export interface ErrorReporterOptions {
  url: string;
  release: string;
  /** navigator.sendBeacon; returns false when the browser would not queue it. */
  send(url: string, body: string): boolean;
  /** At most this many reports per page, so an error in a render loop cannot flood the collector. */
  limit?: number;
}

const MAX_MESSAGE = 500;
const MAX_STACK = 2000;

/** Masks what could identify a guest in a free text: query strings, e-mail addresses, long numbers. */
export function scrub(text: string, max = MAX_MESSAGE): string {
  return text
    .replace(/((?:[a-z][a-z+.-]*:\/\/|\/)[^\s?#'"()]*)[?#][^\s'"()]*/gi, '$1')
    .replace(/[^\s@'"()<>]+@[^\s@'"()<>]+\.[a-z]{2,}/gi, '[email]')
    .replace(/\d{4,}/g, '[number]')
    .slice(0, max);
}

/** The path of the page without anything a guest typed or was sent: `/demo-bistro/123456` → `/demo-bistro/…`. */
export function reportPath(pathname: string): string {
  if (isKnownPath(pathname)) return pathname;
  const [, first = '', ...rest] = pathname.split('/');
  return rest.length > 0 ? `/${scrub(first)}/…` : `/${scrub(first)}`;
}

function contextOf(context: Record<string, unknown>): ErrorReport['context'] {
  const kept: Record<string, string | number | boolean> = {};
  for (const [key, value] of Object.entries(context)) {
    if (typeof value === 'number' || typeof value === 'boolean') kept[key] = value;
    else if (key === 'error' && typeof value === 'string') kept[key] = scrub(value);
  }
  return Object.keys(kept).length > 0 ? kept : undefined;
}

export interface ErrorReporter {
  report(
    source: ErrorReport['source'],
    message: string,
    extra?: { stack?: string; context?: Record<string, unknown> },
  ): void;
  /** Listens for unhandled errors and rejections; returns the function that stops it. */
  listen(target: Window): () => void;
}

export function createErrorReporter({ url, release, send, limit = 10 }: ErrorReporterOptions): ErrorReporter {
  const seen = new Set<string>();
  const report: ErrorReporter['report'] = (source, message, extra = {}) => {
    const text = scrub(message);
    const key = `${source}:${text}`;
    // One report per distinct problem, and a cap per page.
    if (seen.has(key) || seen.size >= limit) return;
    seen.add(key);
    const body: ErrorReport = {
      source,
      message: text,
      path: reportPath(window.location.pathname),
      release,
      time: new Date().toISOString(),
      ...(extra.stack ? { stack: scrub(extra.stack, MAX_STACK) } : {}),
      ...(extra.context ? { context: contextOf(extra.context) } : {}),
    };
    try {
      // A plain-text body is a "simple" request: no CORS preflight, which a beacon cannot answer.
      send(url, JSON.stringify(body));
    } catch {
      // Reporting must never become a second error.
    }
  };
  const listen = (target: Window) => {
    const onError = (event: ErrorEvent) => {
      // "Script error." is all a browser tells about another origin's script: nothing to act on.
      if (!event.message || event.message === 'Script error.') return;
      report('error', event.message, { stack: event.error instanceof Error ? event.error.stack : undefined });
    };
    const onRejection = (event: PromiseRejectionEvent) => {
      const reason: unknown = event.reason;
      const message = reason instanceof Error ? reason.message : String(reason);
      report('unhandledrejection', message, { stack: reason instanceof Error ? reason.stack : undefined });
    };
    target.addEventListener('error', onError);
    target.addEventListener('unhandledrejection', onRejection);
    return () => {
      target.removeEventListener('error', onError);
      target.removeEventListener('unhandledrejection', onRejection);
    };
  };
  return { report, listen };
}
