import 'fake-indexeddb/auto';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { WebApi } from '../../platform/api';
import {
  installModalClosed,
  registeredDevice,
  unregisteredDevice,
  warmDeviceRoutes,
} from '../../test/device';
import { apiFailure, fakeApi } from '../../test/render-app';
import { startQueueTest } from '../device-queue/testing';
import { answer, finishedSession, payload, renderStep, setUpStepTests } from './checkout-fixtures';

const { KEY } = vi.hoisted(() => ({ KEY: '6LcA1b2CAAAAAD3eFgHiJkLmNoPqRsTuVwXyZ0_-' }));

// The build with VITE_RECAPTCHA_SITE_KEY set: bot-protection.ts reads it once, as it is imported.
vi.mock(import('../../config/env'), async (original) => {
  const { env } = await original();
  return { env: { ...env, recaptchaSiteKey: KEY } };
});

const scripts = () => [...document.querySelectorAll<HTMLScriptElement>('script[src*="recaptcha"]')];
let tokens = 0;
// Stands in for Google's script, which cannot load here: a new token per request, as Google gives.
const execute = vi.fn(
  async (_key: string, { action }: { action: string }) => `token-${++tokens}-for-${action}`,
);

setUpStepTests();

beforeAll(warmDeviceRoutes);
beforeEach(() => {
  execute.mockClear();
});
afterEach(() => {
  vi.useRealTimers();
  unregisteredDevice();
});

const sentHeading = () => screen.findByRole('heading', { level: 1, name: 'Your feedback has been sent' });
const sent = () => vi.fn<WebApi['submitSurvey']>().mockResolvedValue(answer());

/**
 * Google's script loads once per page, as in a browser (bot-protection.ts keeps it for the page): these
 * tests run in order on one page — failures before the first load, then a load, then a loaded script.
 */
describe('checkout with bot protection on (decision 0200)', () => {
  it('a blocked script (load error) does not hold the guest: the create goes without a token', async () => {
    const submitSurvey = sent();
    renderStep('/checkout', finishedSession(), fakeApi({ submitSurvey }));
    await waitFor(() => expect(scripts()).toHaveLength(1));
    expect(submitSurvey).not.toHaveBeenCalled();
    scripts()[0]?.onerror?.(new Event('error'));
    await sentHeading();
    expect(submitSurvey).toHaveBeenCalledExactlyOnceWith('demo-bistro', 'en-gb', 1, 1, payload, null);
    // A failed load is forgotten: the next submit tries again.
    expect(scripts()).toEqual([]);
  });

  it('a script that never answers is given up after 5 s: the create goes without a token', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const submitSurvey = sent();
    renderStep('/checkout', finishedSession(), fakeApi({ submitSurvey }));
    await waitFor(() => expect(scripts()).toHaveLength(1));
    await vi.advanceTimersByTimeAsync(4900);
    expect(submitSurvey).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(100);
    await sentHeading();
    expect(submitSurvey).toHaveBeenCalledExactlyOnceWith('demo-bistro', 'en-gb', 1, 1, payload, null);
    // The browser gives up on the script at last: the page is back to "not loaded".
    scripts()[0]?.onerror?.(new Event('error'));
  });

  it('the web submit loads Google’s script on demand and sends a submit token with the create', async () => {
    const submitSurvey = sent();
    renderStep('/checkout', finishedSession(), fakeApi({ submitSurvey }));
    await waitFor(() => expect(scripts()).toHaveLength(1));
    expect(scripts()[0]?.src).toBe(`https://www.google.com/recaptcha/api.js?render=${KEY}`);
    window.grecaptcha = { ready: (callback) => callback(), execute };
    scripts()[0]?.onload?.(new Event('load'));
    await sentHeading();
    expect(execute).toHaveBeenCalledExactlyOnceWith(KEY, { action: 'submit' });
    expect(submitSurvey).toHaveBeenCalledExactlyOnceWith(
      'demo-bistro',
      'en-gb',
      1,
      1,
      payload,
      'token-1-for-submit',
    );
  });

  it('a token the server refuses (10025 on X-Bot-Token) offers a retry, which sends a new token', async () => {
    const user = userEvent.setup();
    const refused = Object.assign(apiFailure(400, 10025), {
      detail: { fields: [{ field: 'headers.x-bot-token', in: 'headers', message: 'submit.failed' }] },
    });
    const submitSurvey = vi
      .fn<WebApi['submitSurvey']>()
      .mockRejectedValueOnce(refused)
      .mockResolvedValueOnce(answer());
    renderStep('/checkout', finishedSession(), fakeApi({ submitSurvey }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Sorry, we could not send your survey.');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await sentHeading();
    expect(submitSurvey.mock.calls.map((call) => [call[4].guid, call[5]])).toEqual([
      [payload.guid, 'token-2-for-submit'],
      [payload.guid, 'token-3-for-submit'],
    ]);
    // The script loaded for this page is used again, not added twice.
    expect(scripts()).toHaveLength(1);
  });

  it('a tablet (app mode) never asks for a token', async () => {
    registeredDevice();
    installModalClosed();
    const { server } = await startQueueTest();
    const submitSurvey = vi.fn<WebApi['submitSurvey']>();
    renderStep('/checkout', finishedSession(), fakeApi({ submitSurvey }));
    await sentHeading();
    expect(server.creates).toHaveLength(1);
    expect(submitSurvey).not.toHaveBeenCalled();
    expect(execute).not.toHaveBeenCalled();
  });
});
