/**
 * Optional bot protection (guest-flow.md §7: "a bot-protection token request with badge auto-hidden"):
 * a reCAPTCHA v3 token, sent with survey.submit as the `X-Bot-Token` header. Off unless the build sets
 * VITE_RECAPTCHA_SITE_KEY: then `botToken()` resolves to null and no script is ever added. When on,
 * Google's script is loaded on the first request for a token (or by `prepareBotProtection()`), never
 * at start. The checkout's web submit sends it; the server verifies it when RECAPTCHA_SECRET is set
 * (docs/decisions/0069, 0200).
 */
import { env } from '../config/env';
import { logError } from './log';
import './bot-protection.css';

export const BOT_TOKEN_HEADER = 'X-Bot-Token';
const SCRIPT_ID = 'venue-voice-bot-protection';

interface Recaptcha {
  ready(callback: () => void): void;
  execute(siteKey: string, options: { action: string }): Promise<string>;
}

declare global {
  interface Window {
    grecaptcha?: Recaptcha;
  }
}

export interface BotProtectionOptions {
  siteKey: string | null;
  /** A token that takes longer is given up: the guest's survey is sent without one. */
  timeoutMs?: number;
}

export interface BotProtection {
  /** A fresh token for `action` (tokens expire after two minutes: ask right before sending). */
  token(action?: string): Promise<string | null>;
  /** Starts loading the script ahead of the first token (e.g. when the questions open). */
  prepare(): void;
}

export function createBotProtection({ siteKey, timeoutMs = 5000 }: BotProtectionOptions): BotProtection {
  let loading: Promise<Recaptcha> | null = null;

  const load = (key: string): Promise<Recaptcha> => {
    loading ??= new Promise<Recaptcha>((resolve, reject) => {
      const script = document.createElement('script');
      script.id = SCRIPT_ID;
      script.async = true;
      script.src = `https://www.google.com/recaptcha/api.js?render=${encodeURIComponent(key)}`;
      script.onload = () => {
        const recaptcha = window.grecaptcha;
        if (recaptcha) recaptcha.ready(() => resolve(recaptcha));
        else reject(new Error('reCAPTCHA script loaded without grecaptcha'));
      };
      script.onerror = () => reject(new Error('reCAPTCHA script failed to load'));
      document.head.append(script);
    }).catch((error: unknown) => {
      // A failed load may be a passing network problem: the next request tries again.
      loading = null;
      document.getElementById(SCRIPT_ID)?.remove();
      throw error;
    });
    return loading;
  };

  const token = async (action = 'submit'): Promise<string | null> => {
    if (!siteKey) return null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('reCAPTCHA token timed out')), timeoutMs);
    });
    try {
      return await Promise.race([
        load(siteKey).then((recaptcha) => recaptcha.execute(siteKey, { action })),
        timeout,
      ]);
    } catch (error) {
      // Never block a guest's survey on bot protection: send without a token and say so in the log.
      logError('No bot-protection token', { error: error instanceof Error ? error.message : String(error) });
      return null;
    } finally {
      clearTimeout(timer);
    }
  };

  const prepare = () => {
    if (siteKey) load(siteKey).catch(() => {});
  };

  return { token, prepare };
}

const protection = createBotProtection({ siteKey: env.recaptchaSiteKey });

/** The bot-protection token for survey.submit, or null when bot protection is off or failed. */
export const botToken = (action?: string): Promise<string | null> => protection.token(action);

/** Loads the bot-protection script ahead of the first token; does nothing when it is off. */
export const prepareBotProtection = (): void => protection.prepare();

/** The header survey.submit carries: `{ 'X-Bot-Token': token }`, or nothing without a token. */
export async function botTokenHeaders(action?: string): Promise<Record<string, string>> {
  const value = await botToken(action);
  return value ? { [BOT_TOKEN_HEADER]: value } : {};
}
