import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { WebApi } from '../../platform/api';
import { emptySession, useGuestSession } from '../../shared/session/session-store';
import { apiFailure, fakeApi, renderApp } from '../../test/render-app';
import {
  captureConfig,
  dataCaptureSection,
  reloadSession,
  renderStep,
  sentSession,
} from './checkout-fixtures';

const region = () => screen.findByRole('region', { name: 'Stay in touch' });
const field = (name: string) => screen.getByRole('textbox', { name });
const privacy = () => screen.getByRole('checkbox', { name: 'I am over 18 and I accept the privacy policy' });
const continueButton = () => screen.getByRole('button', { name: 'Continue' });
/** The error text a field is described by. */
const errorOf = (element: HTMLElement) => {
  const ids = element.getAttribute('aria-describedby')?.split(' ') ?? [];
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' | ');
};

/** /checkout after the create was answered, with data capture on. */
function renderCapture(api: WebApi, section = dataCaptureSection()) {
  return renderStep('/checkout', sentSession({ config: captureConfig(section) }), api);
}

beforeEach(() => {
  sessionStorage.clear();
  useGuestSession.setState(emptySession);
  // Birthdays are checked against today (G5.11).
  vi.useFakeTimers({ toFake: ['Date'], now: new Date('2025-06-14T12:00:00Z') });
});

afterEach(() => {
  vi.useRealTimers();
});

describe('checkout: data capture (G5.22, decision 0060)', () => {
  it('asks for the configured fields, but not the postcode, with the privacy notice and the age', async () => {
    renderCapture(fakeApi());
    const form = await region();
    for (const name of ['Name', 'Email', 'Phone number', 'Birthday', 'Anniversary'])
      expect(within(form).getByRole('textbox', { name })).toBeInTheDocument();
    expect(within(form).queryByRole('textbox', { name: /postcode/i })).not.toBeInTheDocument();
    expect(field('Email')).toHaveAttribute('type', 'email');
    expect(field('Birthday')).toHaveAccessibleDescription('As DD/MM/YYYY, for example 24/08/1990');
    // G5.23 A phone number is numbers only; the hint says which separators are fine.
    expect(field('Phone number')).toHaveAttribute('type', 'tel');
    expect(field('Phone number')).toHaveAccessibleDescription(
      'Numbers only. Spaces, brackets and a + at the start are fine.',
    );
    const link = within(form).getByRole('link', { name: /privacy notice \(version 2\.6/ });
    expect(link).toHaveAttribute('href', 'https://example.com/privacy');
    expect(within(form).getByText(/delete your contact details after 7 days/)).toBeInTheDocument();
    expect(
      within(form).getByRole('checkbox', {
        name: 'I would like to hear about offers and events from Demo Bistro.',
      }),
    ).not.toBeChecked();
    expect(privacy()).not.toBeChecked();
  });

  it.each([
    ['none', 'I accept the privacy policy'],
    ['21', 'I am over 21 and I accept the privacy policy'],
  ] as const)('the age consent %s labels the privacy box "%s"', async (ageConsent, label) => {
    renderCapture(fakeApi(), dataCaptureSection({ ageConsent }));
    await region();
    expect(screen.getByRole('checkbox', { name: label })).toBeInTheDocument();
  });

  it('nothing given: "No thanks" goes on to /upload without a supplement', async () => {
    const user = userEvent.setup();
    const api = fakeApi();
    const { visited } = renderCapture(api);
    await region();
    await user.click(screen.getByRole('button', { name: 'No thanks' }));
    await waitFor(() => expect(visited).toContain('/upload'));
    expect(api.supplement).not.toHaveBeenCalled();
  });

  it('a privacy address that is not http(s) or a path here links to the app’s own notice', async () => {
    const config = captureConfig();
    const statics = config.statics
      ? { ...config.statics, privacyPolicyUrl: 'javascript:alert(1)' }
      : undefined;
    renderStep('/checkout', sentSession({ config: { ...config, statics } }), fakeApi());
    const form = await region();
    const link = within(form).getByRole('link', { name: /privacy notice \(version 2\.6/ });
    expect(link).toHaveAttribute('href', '/privacy');
  });

  it('G5.19: giving details without accepting the privacy policy is refused on the box', async () => {
    const user = userEvent.setup();
    const api = fakeApi();
    renderCapture(api);
    await region();
    await user.type(field('Email'), 'sam@example.com');
    await user.click(continueButton());
    await waitFor(() => expect(privacy()).toHaveAttribute('aria-invalid', 'true'));
    expect(errorOf(privacy())).toBe('Please accept the privacy policy to continue');
    expect(privacy()).toHaveFocus();
    expect(api.supplement).not.toHaveBeenCalled();
  });

  it.each([
    ['Email', 'sam@example', 'Please enter a valid email address'],
    ['Birthday', '1/2/1990', 'Please enter a date as DD/MM/YYYY'],
    ['Birthday', '15/06/2025', 'A future date is not allowed'],
    ['Anniversary', '31/11', 'Please enter a date as DD/MM'],
    ['Phone number', '07700 CALL ME', 'Please enter numbers only'],
  ])('G5.22: %s "%s" shows "%s" on the field', async (name, value, message) => {
    const user = userEvent.setup();
    const api = fakeApi();
    renderCapture(api);
    await region();
    await user.type(field(name), value);
    await user.click(privacy());
    await user.click(continueButton());
    await waitFor(() => expect(field(name)).toHaveAttribute('aria-invalid', 'true'));
    expect(errorOf(field(name))).toContain(message);
    expect(field(name)).toHaveFocus();
    expect(api.supplement).not.toHaveBeenCalled();
  });

  it('sends the given details and the permission as a supplement, remembers it, and goes on', async () => {
    const user = userEvent.setup();
    const supplement = vi.fn<WebApi['supplement']>(async () => {});
    const { visited } = renderCapture(fakeApi({ supplement }));
    await region();
    await user.type(field('Name'), ' Sam Guest ');
    await user.type(field('Email'), 'sam@example.com');
    await user.type(field('Birthday'), '14/06/1990');
    await user.type(field('Anniversary'), '29/02');
    await user.click(screen.getByRole('checkbox', { name: /hear about offers/ }));
    await user.click(privacy());
    await user.click(continueButton());

    await waitFor(() => expect(visited).toContain('/upload'));
    expect(supplement).toHaveBeenCalledTimes(1);
    expect(supplement).toHaveBeenCalledWith(
      'demo-bistro',
      'en-gb',
      { id: 41, secret: 's3cret' },
      {
        permitted: true,
        contact: {
          name: 'Sam Guest',
          email: 'sam@example.com',
          birthday: '14/06/1990',
          anniversary: '29/02',
        },
      },
    );
    expect(useGuestSession.getState().contactSent).toBe(true);
  });

  it('the marketing box unticked is sent as permitted: false with the contact details', async () => {
    const user = userEvent.setup();
    const supplement = vi.fn<WebApi['supplement']>(async () => {});
    renderCapture(fakeApi({ supplement }));
    await region();
    await user.type(field('Phone number'), '07700 900123');
    await user.click(privacy());
    await user.click(continueButton());
    await waitFor(() => expect(supplement).toHaveBeenCalledTimes(1));
    expect(supplement.mock.calls[0]?.[3]).toEqual({ permitted: false, contact: { phone: '07700 900123' } });
  });

  it('a server 10025 shows its message on the field it names, and nothing is remembered', async () => {
    const user = userEvent.setup();
    const refused = Object.assign(apiFailure(400, 10025, 'Invalid contact details: payload.contact.email'), {
      detail: { fields: [{ field: 'payload.contact.email', in: 'body', message: 'form.email' }] },
    });
    const { visited } = renderCapture(fakeApi({ supplement: async () => Promise.reject(refused) }));
    await region();
    await user.type(field('Email'), 'sam@example.com');
    await user.click(privacy());
    await user.click(continueButton());
    await waitFor(() => expect(field('Email')).toHaveAttribute('aria-invalid', 'true'));
    expect(errorOf(field('Email'))).toBe('Please enter a valid email address');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(useGuestSession.getState().contactSent).toBe(false);
    expect(visited).not.toContain('/upload');
  });

  it('any other failure says so, and the guest may go on without sending', async () => {
    const user = userEvent.setup();
    const api = fakeApi({ supplement: async () => Promise.reject(apiFailure(503, 10021)) });
    const { visited } = renderCapture(api);
    await region();
    await user.type(field('Email'), 'sam@example.com');
    await user.click(privacy());
    await user.click(continueButton());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'There was a problem submitting your form, please try again',
    );
    await user.click(screen.getByRole('button', { name: 'Continue without sending my details' }));
    await waitFor(() => expect(visited).toContain('/upload'));
    expect(useGuestSession.getState().contactSent).toBe(false);
  });

  it('a reload after sending does not ask again', async () => {
    const user = userEvent.setup();
    const api = fakeApi({ supplement: async () => {} });
    const first = renderCapture(api);
    await region();
    await user.type(field('Email'), 'sam@example.com');
    await user.click(privacy());
    await user.click(continueButton());
    await waitFor(() => expect(useGuestSession.getState().contactSent).toBe(true));
    first.unmount();
    cleanup();

    await reloadSession();
    renderApp('/checkout', api);
    const heading = await screen.findByRole('heading', { level: 1, name: 'Your feedback has been sent' });
    expect(screen.queryByRole('region', { name: 'Stay in touch' })).not.toBeInTheDocument();
    // On the card itself, not only in the toast the first page showed.
    const card = heading.parentElement as HTMLElement;
    expect(within(card).getByText('Thank you, your details have been sent.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continue' })).toBeInTheDocument();
    expect(api.supplement).toHaveBeenCalledTimes(1);
    expect(api.submitSurvey).not.toHaveBeenCalled();
  });
});
