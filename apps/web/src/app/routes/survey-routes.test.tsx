import { describe, expect, it, vi } from 'vitest';
import { surveyRoutes } from './survey-routes';

// Set when the checkout screen's code is first asked for (a stand-in: only its loading matters here).
const loaded = vi.hoisted(() => ({ checkout: false }));
vi.mock('../../features/checkout', async (original) => ({
  ...(await original<typeof import('../../features/checkout')>()),
  loadCheckoutScreen: async () => {
    loaded.checkout = true;
    return { CheckoutScreen: () => null };
  },
}));

const questionsRoute = surveyRoutes.children?.find((route) => route.path === 'questions');

describe('survey routes', () => {
  it('loading /questions also fetches the checkout step, so the submit works on a signal lost later', async () => {
    expect(loaded.checkout).toBe(false);
    const lazy = questionsRoute?.lazy;
    if (typeof lazy !== 'function') throw new Error('/questions is not a lazy route');
    const route = await lazy();
    expect(route.Component).toBeTypeOf('function');
    await vi.waitFor(() => expect(loaded.checkout).toBe(true));
  });
});
