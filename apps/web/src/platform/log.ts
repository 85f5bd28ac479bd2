/**
 * The app's one place to record problems. It writes to the console today; analytics (a later issue)
 * hooks in here so callers do not change.
 */
export function logError(message: string, context: Record<string, unknown> = {}): void {
  console.error(`[venue-voice] ${message}`, context);
}
