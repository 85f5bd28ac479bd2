import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { emptySession, useGuestSession } from '../../shared/session/session-store';
import { checkedInSession, renderQuestions } from './test-fixtures';

// The build with VITE_RECAPTCHA_SITE_KEY set (bot-protection.ts and the notice read it as imported).
vi.mock(import('../../config/env'), async (original) => {
  const { env } = await original();
  return { env: { ...env, recaptchaSiteKey: '6LcA1b2CAAAAAD3eFgHiJkLmNoPqRsTuVwXyZ0_-' } };
});

beforeEach(() => {
  sessionStorage.clear();
  useGuestSession.setState(emptySession);
});

describe('bot protection on a web build (decision 0200)', () => {
  it("shows Google's notice under the survey's buttons and loads the script while the guest answers", async () => {
    renderQuestions(checkedInSession());
    await screen.findByRole('heading', { level: 1, name: 'How was your visit?' });
    const privacy = screen.getByRole('link', { name: 'Privacy Policy' });
    expect(privacy).toHaveAttribute('href', 'https://policies.google.com/privacy');
    expect(screen.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute(
      'href',
      'https://policies.google.com/terms',
    );
    expect(privacy.closest('p')).toHaveTextContent(/^This site is protected by reCAPTCHA/);
    await waitFor(() => expect(document.querySelector('script[src*="recaptcha/api.js"]')).not.toBeNull());
  });
});
