import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { WebApi } from '../../platform/api';
import { emptySession, type GuestSession, useGuestSession } from '../../shared/session/session-store';
import { createPayload } from '../../test/after-survey';
import { fakeApi } from '../../test/render-app';
import { answer, captureConfig, renderStep, sentSession, voucher } from './checkout-fixtures';

const complained = createPayload({ feedbackAlert: true });
const sorry = () => screen.findByRole('region', { name: 'We are sorry' });
const question = () => screen.getByRole('group', { name: 'May Demo Bistro contact you about it?' });
const field = (name: string) => screen.getByRole('textbox', { name });
const privacy = () => screen.getByRole('checkbox', { name: 'I am over 18 and I accept the privacy policy' });
const errorOf = (element: HTMLElement) => {
  const ids = element.getAttribute('aria-describedby')?.split(' ') ?? [];
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' | ');
};

/** A sent checkout of the demo bistro with data capture on; vouchers when the survey offers some. */
function renderCheckout(api: WebApi, changes: Partial<GuestSession> = {}, offersVouchers = false) {
  const config = captureConfig();
  const survey = config.surveys?.[0];
  const vouchers = offersVouchers
    ? [{ id: 1, type: 1 as const, name: 'Dessert', description: '', chance: null, expiryDays: 30 }]
    : [];
  const surveys = survey ? [{ ...survey, vouchers }] : [];
  return renderStep('/checkout', sentSession({ config: { ...config, surveys }, ...changes }), api);
}

beforeEach(() => {
  sessionStorage.clear();
  useGuestSession.setState(emptySession);
  vi.useFakeTimers({ toFake: ['Date'], now: new Date('2025-06-14T12:00:00Z') });
});

afterEach(() => {
  vi.useRealTimers();
});

describe('G4.79 the checkout modes', () => {
  it.each([
    ['just contact', {}, false, 'Leave your details if you would like to hear from Demo Bistro.'],
    [
      'incentive',
      { submitted: answer(voucher()) },
      true,
      'Enjoy your voucher! Leave your details if you would like to hear about more offers from Demo Bistro.',
    ],
    [
      'no incentive',
      {},
      true,
      'Leave your details if you would like to hear about future offers and events from Demo Bistro.',
    ],
  ] as const)('%s: the contact form says what the details are for', async (_mode, changes, offers, intro) => {
    renderCheckout(fakeApi(), changes, offers);
    const form = await screen.findByRole('region', { name: 'Stay in touch' });
    expect(within(form).getByText(new RegExp(`^${intro.replace(/[.!?()]/g, '\\$&')}`))).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'We are sorry' })).not.toBeInTheDocument();
  });

  it.each([
    ['a complaint question answered', createPayload({ feedbackAlert: true })],
    ['the manager-feedback rule passed', createPayload({ managerFeedbackIndicatorRulePassed: true })],
  ])('complained (%s): asked about the complaint, not for offers, voucher or not', async (_name, payload) => {
    renderCheckout(fakeApi(), { createPayload: payload, submitted: answer(voucher()) }, true);
    await sorry();
    expect(question()).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Stay in touch' })).not.toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: /offers and events/ })).not.toBeInTheDocument();
    // The voucher the server gave is still the guest's.
    expect(screen.getByRole('region', { name: 'Your voucher' })).toBeInTheDocument();
    // Until the guest says yes, no details are asked for.
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
  });
});

describe('G5.25 may the venue contact a guest who complained', () => {
  it('yes asks for an email or a phone number, refuses letters in the phone, then sends both answers', async () => {
    const user = userEvent.setup();
    const supplement = vi.fn<WebApi['supplement']>(async () => {});
    const { visited } = renderCheckout(fakeApi({ supplement }), { createPayload: complained });
    await sorry();
    await user.click(within(question()).getByRole('radio', { name: 'Yes, please contact me' }));
    for (const name of ['Name', 'Email', 'Phone number']) expect(field(name)).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Birthday' })).not.toBeInTheDocument();

    await user.type(field('Name'), 'Sam');
    await user.click(privacy());
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(field('Email')).toHaveAttribute('aria-invalid', 'true'));
    expect(errorOf(field('Email'))).toBe('Required');
    expect(errorOf(field('Phone number'))).toContain('Required');

    await user.type(field('Phone number'), 'ring me');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(errorOf(field('Phone number'))).toContain('Please enter numbers only'));
    expect(supplement).not.toHaveBeenCalled();

    await user.clear(field('Phone number'));
    await user.type(field('Phone number'), '+44 7700 900123');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(visited).toContain('/upload'));
    expect(supplement).toHaveBeenCalledWith(
      'demo-bistro',
      'en-gb',
      { id: 41, secret: 's3cret' },
      { complaintContact: true, contact: { name: 'Sam', phone: '+44 7700 900123' } },
    );
    expect(useGuestSession.getState()).toMatchObject({ contactSent: true, complaintContact: true });
  });

  it('no is recorded without any details', async () => {
    const user = userEvent.setup();
    const supplement = vi.fn<WebApi['supplement']>(async () => {});
    const { visited } = renderCheckout(fakeApi({ supplement }), { createPayload: complained });
    await sorry();
    await user.click(within(question()).getByRole('radio', { name: 'No, thank you' }));
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(visited).toContain('/upload'));
    expect(supplement.mock.calls[0]?.[3]).toEqual({ complaintContact: false });
  });

  it('no answer: Continue goes on without a call', async () => {
    const user = userEvent.setup();
    const api = fakeApi();
    const { visited } = renderCheckout(api, { createPayload: complained });
    await sorry();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(visited).toContain('/upload'));
    expect(api.supplement).not.toHaveBeenCalled();
  });

  it('once answered, the checkout says so instead of asking again', async () => {
    renderCheckout(fakeApi(), { createPayload: complained, contactSent: true, complaintContact: true });
    const heading = await screen.findByRole('heading', { level: 1, name: 'Your feedback has been sent' });
    const card = heading.parentElement as HTMLElement;
    expect(within(card).getByText('Thank you. We will be in touch about your visit.')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'We are sorry' })).not.toBeInTheDocument();
  });
});
