import { APP_VERSION } from '@venue-voice/domain';

/** Settings of the web app, read from Vite's build-time environment once (conventions §9). */
export interface WebEnv {
  /** Origin or path prefix of the API; '' means the page's own origin (the server serves both). */
  apiBaseUrl: string;
  /** Sent as X-Client-Id so the server can tell clients and versions apart. */
  clientId: string;
  appVersion: string;
}

export class EnvError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid web app environment:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'EnvError';
  }
}

/** Validates the environment and lists every problem at once, so a bad build fails with all of them. */
export function readEnv(source: Record<string, unknown>): WebEnv {
  const problems: string[] = [];
  const rawBase = source.VITE_API_BASE_URL ?? '';
  // The client appends '/api/v1/…', so a trailing slash would double it.
  const base = typeof rawBase === 'string' ? rawBase.replace(/\/+$/, '') : '';
  if (typeof rawBase !== 'string') {
    problems.push('VITE_API_BASE_URL: must be a string');
  } else if (base !== '' && !/^(https?:\/\/[^\s/]+)?(\/\S*)?$/.test(base)) {
    problems.push('VITE_API_BASE_URL: must be empty, a path starting with / or an http(s) URL');
  }
  if (problems.length > 0) throw new EnvError(problems);
  return { apiBaseUrl: base, clientId: `venue-voice-web/${APP_VERSION}`, appVersion: APP_VERSION };
}

export const env: WebEnv = readEnv(import.meta.env);
