import { APP_VERSION } from '@venue-voice/domain';

/** Settings of the web app, read from Vite's build-time environment once (conventions §9). */
export interface WebEnv {
  /** Origin or path prefix of the API; '' means the page's own origin (the server serves both). */
  apiBaseUrl: string;
  /** Sent as X-Client-Id so the server can tell clients and versions apart. */
  clientId: string;
  appVersion: string;
  /** Google Tag Manager container (`GTM-…`); null: no tag manager is ever loaded. */
  gtmId: string | null;
  /** reCAPTCHA v3 site key for the bot-protection token; null: no token, no script. */
  recaptchaSiteKey: string | null;
  /** Where error reports are beaconed; null: errors stay in the console. */
  errorReportUrl: string | null;
}

export class EnvError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid web app environment:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'EnvError';
  }
}

/**
 * An optional setting: unset or empty is null; otherwise it must pass `valid`, else `problem` is
 * listed (with the name) and null is returned so the other settings are still checked.
 */
function optional(
  source: Record<string, unknown>,
  name: string,
  valid: (value: string) => boolean,
  problem: string,
  problems: string[],
): string | null {
  const raw = source[name];
  if (raw === undefined || raw === '') return null;
  if (typeof raw === 'string' && valid(raw.trim())) return raw.trim();
  problems.push(`${name}: ${problem}`);
  return null;
}

const isGtmId = (value: string) => /^GTM-[A-Z0-9]{4,12}$/.test(value);
// Google's site keys are 40 characters of this alphabet; a looser check would accept a cut-off paste.
const isRecaptchaKey = (value: string) => /^[A-Za-z0-9_-]{40}$/.test(value);

/** A path on the app's own origin, an https URL, or http only for a collector on this machine. */
function isReportUrl(value: string): boolean {
  if (/^\/(?!\/)\S*$/.test(value)) return true;
  if (!URL.canParse(value) || /\s/.test(value)) return false;
  const url = new URL(value);
  return (
    url.protocol === 'https:' ||
    (url.protocol === 'http:' && (url.hostname === 'localhost' || url.hostname === '127.0.0.1'))
  );
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
  const gtmId = optional(
    source,
    'VITE_GTM_ID',
    isGtmId,
    'must be a container id such as GTM-ABC1234',
    problems,
  );
  const recaptchaSiteKey = optional(
    source,
    'VITE_RECAPTCHA_SITE_KEY',
    isRecaptchaKey,
    'must be a reCAPTCHA v3 site key (40 letters, digits, - or _)',
    problems,
  );
  const errorReportUrl = optional(
    source,
    'VITE_ERROR_REPORT_URL',
    isReportUrl,
    'must be an https URL, an http://localhost URL or a path starting with /',
    problems,
  );
  if (problems.length > 0) throw new EnvError(problems);
  return {
    apiBaseUrl: base,
    clientId: `venue-voice-web/${APP_VERSION}`,
    appVersion: APP_VERSION,
    gtmId,
    recaptchaSiteKey,
    errorReportUrl,
  };
}

export const env: WebEnv = readEnv(import.meta.env);
