/**
 * The app's one place to record problems. It writes to the console, and to error reporting when that
 * is configured (`error-report-start.ts` sets the sink), so callers do not change.
 */
type LogSink = (message: string, context: Record<string, unknown>) => void;

let sink: LogSink | null = null;

/** Where logged problems also go; null stops it. */
export function setLogSink(next: LogSink | null): void {
  sink = next;
}

export function logError(message: string, context: Record<string, unknown> = {}): void {
  console.error(`[venue-voice] ${message}`, context);
  sink?.(message, context);
}
