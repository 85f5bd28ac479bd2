import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { botToken, botTokenHeaders, createBotProtection } from './bot-protection';
import { logError } from './log';

vi.mock(import('./log'), () => ({ logError: vi.fn(), setLogSink: vi.fn() }));

const KEY = '6LcA1b2CAAAAAD3eFgHiJkLmNoPqRsTuVwXyZ0_-';
const scripts = () => [...document.querySelectorAll<HTMLScriptElement>('script[src*="recaptcha"]')];
const execute = vi.fn(async (_key: string, { action }: { action: string }) => `token-for-${action}`);

/** What Google's script does once it has loaded: defines grecaptcha. */
function scriptLoads() {
  window.grecaptcha = { ready: (callback) => callback(), execute };
  for (const script of scripts()) script.onload?.(new Event('load'));
}

beforeEach(() => {
  execute.mockClear();
  vi.mocked(logError).mockClear();
  delete window.grecaptcha;
  for (const script of scripts()) script.remove();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('bot protection switched off', () => {
  it('gives no token, adds no script and no header when VITE_RECAPTCHA_SITE_KEY is unset', async () => {
    expect(await botToken()).toBeNull();
    expect(await botTokenHeaders()).toEqual({});
    expect(document.querySelectorAll('script')).toHaveLength(0);
  });
});

describe('bot protection switched on', () => {
  it('adds nothing until a token is asked for', () => {
    createBotProtection({ siteKey: KEY });
    expect(scripts()).toHaveLength(0);
  });

  it('loads the script once, with the site key, and returns a token per action', async () => {
    const protection = createBotProtection({ siteKey: KEY });
    const first = protection.token();
    const second = protection.token('upload');
    expect(scripts()).toHaveLength(1);
    expect(scripts()[0]?.src).toBe(`https://www.google.com/recaptcha/api.js?render=${KEY}`);
    expect(scripts()[0]?.async).toBe(true);
    scriptLoads();
    expect(await first).toBe('token-for-submit');
    expect(await second).toBe('token-for-upload');
    expect(execute).toHaveBeenCalledWith(KEY, { action: 'submit' });
    expect(await protection.token()).toBe('token-for-submit');
    expect(scripts()).toHaveLength(1);
  });

  it('prepare starts loading ahead of the first token', () => {
    createBotProtection({ siteKey: KEY }).prepare();
    expect(scripts()).toHaveLength(1);
  });

  it('gives null when the script fails, and tries again on the next request', async () => {
    const protection = createBotProtection({ siteKey: KEY });
    const failed = protection.token();
    scripts()[0]?.onerror?.(new Event('error'));
    expect(await failed).toBeNull();
    expect(logError).toHaveBeenCalledWith('No bot-protection token', {
      error: 'reCAPTCHA script failed to load',
    });
    expect(scripts()).toHaveLength(0);
    const retried = protection.token();
    expect(scripts()).toHaveLength(1);
    scriptLoads();
    expect(await retried).toBe('token-for-submit');
  });

  it('gives null when no token comes in time, so the survey is never held up', async () => {
    vi.useFakeTimers();
    const protection = createBotProtection({ siteKey: KEY, timeoutMs: 5000 });
    const pending = protection.token();
    await vi.advanceTimersByTimeAsync(5000);
    expect(await pending).toBeNull();
    expect(logError).toHaveBeenCalledWith('No bot-protection token', { error: 'reCAPTCHA token timed out' });
  });
});
