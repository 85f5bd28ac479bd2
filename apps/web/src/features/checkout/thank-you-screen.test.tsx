import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { VoucherType } from '@venue-voice/domain';
import { describe, expect, it } from 'vitest';
import { fakeApi, renderApp } from '../../test/render-app';
import {
  answer,
  finishedSession,
  reloadSession,
  renderStep,
  sentSession,
  setUpStepTests,
  voucher,
} from './checkout-fixtures';

const completions = () =>
  (window.dataLayer ?? []).filter((entry) => (entry as { event: string }).event === 'complete-survey');
const thanks = () => screen.findByRole('heading', { level: 1, name: 'Thank you for your feedback' });

setUpStepTests();

describe('thank-you step (G2.40)', () => {
  it('thanks the guest by the survey name, sends nothing and records the completed survey once', async () => {
    const api = fakeApi();
    renderStep('/thank-you', sentSession({ submitted: { ...answer(), id: 501 } }), api);
    // The heading takes the focus in an effect, a tick after it renders.
    const heading = await thanks();
    await waitFor(() => expect(heading).toHaveFocus());
    expect(screen.getByText('Your feedback has been sent.')).toBeInTheDocument();
    expect(
      screen.getByText(
        'Everyone at Demo Bistro appreciates you taking the time to tell us about your visit.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Your voucher' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Stay in touch' })).not.toBeInTheDocument();
    expect(api.submitSurvey).not.toHaveBeenCalled();
    expect(api.supplement).not.toHaveBeenCalled();
    expect(completions()).toHaveLength(1);
    expect(document.title).toBe('Thank you · Venue Voice');
  });

  it('keeps the voucher as the guest left it: revealed on /checkout, revealed here after a reload', async () => {
    const user = userEvent.setup();
    const covered = voucher({ type: VoucherType.INSTANT_WIN, scratched: false, code: 'WIN-0042' });
    const first = renderStep(
      '/thank-you',
      sentSession({ submitted: { ...answer(covered), id: 502 } }),
      fakeApi(),
    );
    const region = await screen.findByRole('region', { name: 'Your voucher' });
    await user.click(within(region).getByRole('button', { name: 'Reveal' }));
    expect(within(region).getByText('WIN-0042').closest('[aria-hidden="true"]')).toBeNull();
    first.unmount();
    cleanup();

    await reloadSession();
    renderApp('/thank-you', fakeApi());
    const kept = await screen.findByRole('region', { name: 'Your voucher' });
    expect(within(kept).getByText('WIN-0042')).toBeVisible();
    expect(within(kept).queryByRole('img', { name: /Scratch card/ })).not.toBeInTheDocument();
  });

  it('G2.41: before the create was answered, /thank-you goes to /checkout, which sends it', async () => {
    const api = fakeApi({ submitSurvey: async () => answer() });
    const { router } = renderStep('/thank-you', finishedSession(), api);
    await screen.findByRole('heading', { level: 1, name: 'Your feedback has been sent' });
    expect(router.state.location.pathname).toBe('/checkout');
    expect(api.submitSurvey).toHaveBeenCalledTimes(1);
    expect(completions()).toHaveLength(0);
  });

  it('G2.41: with no finished survey at all it leaves for the venue entry', async () => {
    const { router } = renderStep('/thank-you', finishedSession({ createPayload: null }), fakeApi());
    await waitFor(() => expect(router.state.location.pathname).toBe('/demo-bistro'));
  });
});
