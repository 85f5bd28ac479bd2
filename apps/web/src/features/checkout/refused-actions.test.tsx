import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CreatePayload, Transaction } from '@venue-voice/domain';
import { describe, expect, it, vi } from 'vitest';
import type { WebApi } from '../../platform/api';
import { setLanguage } from '../../platform/i18n';
import { useGuestSession } from '../../shared/session/session-store';
import { GUID } from '../../test/after-survey';
import { apiFailure, fakeApi } from '../../test/render-app';
import { answer, finishedSession, payload, renderStep, setUpStepTests } from './checkout-fixtures';
import { withoutReceipt } from './failures';

/**
 * Issue 26 item 1: a create refused at submit never leaves the guest on a page with no action
 * (decision 0174). A receipt already used (409 10031) can be left out and the feedback sent without it;
 * any refusal can be finished.
 */

const order: Transaction = {
  check: { covers: 2, subtotal: 71.5, avgSpentPerHead: 35.75, checkOpenTime: '2025-06-10 19:00:00' },
  checkOpenTime: '2025-06-10 19:00:00',
  menuItems: [],
};
const withReceipt: CreatePayload = { ...payload, pinCode: '3', transaction: order };
const used = () =>
  Object.assign(apiFailure(409, 10031, 'This receipt has already been used for feedback'), { ui: true });
const sentHeading = () => screen.findByRole('heading', { level: 1, name: 'Your feedback has been sent' });

setUpStepTests();

describe('a refusal at submit leaves a way on (decision 0174)', () => {
  it('10031: says the receipt was used; Send without the receipt sends the same guid without it', async () => {
    const user = userEvent.setup();
    const submitSurvey = vi
      .fn<WebApi['submitSurvey']>()
      .mockRejectedValueOnce(used())
      .mockResolvedValueOnce(answer());
    renderStep('/checkout', finishedSession({ createPayload: withReceipt }), fakeApi({ submitSurvey }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This receipt has already been used for feedback. You can still send your feedback without it.',
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Your feedback was not sent' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Finish without sending' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send without the receipt' }));

    await sentHeading();
    expect(submitSurvey).toHaveBeenCalledTimes(2);
    const resent = submitSurvey.mock.calls[1]?.[4] as CreatePayload;
    expect(resent).toEqual({ ...payload, pinCode: '' });
    expect(resent.guid).toBe(GUID);
    expect(resent).not.toHaveProperty('transaction');
    expect(useGuestSession.getState().createPayload).toEqual(resent);
    expect(useGuestSession.getState().submitted).toEqual(answer());
  });

  it('10031: Finish without sending leaves for the venue entry with nothing left to send', async () => {
    const user = userEvent.setup();
    const submitSurvey = vi.fn<WebApi['submitSurvey']>().mockRejectedValue(used());
    const { router } = renderStep(
      '/checkout',
      finishedSession({ createPayload: withReceipt }),
      fakeApi({ submitSurvey }),
    );
    await user.click(await screen.findByRole('button', { name: 'Finish without sending' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/demo-bistro'));
    expect(useGuestSession.getState()).toMatchObject({ createPayload: null, surveyInProgress: null });
    expect(submitSurvey).toHaveBeenCalledTimes(1);
  });

  it('another refusal (409 GUID_REUSED): the message and Finish, no sending without a receipt', async () => {
    const reused = Object.assign(apiFailure(409, 10009, 'This guid was already used'), {
      detail: { reason: 'GUID_REUSED' },
    });
    renderStep(
      '/checkout',
      finishedSession({ createPayload: withReceipt }),
      fakeApi({ submitSurvey: async () => Promise.reject(reused) }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'There was a problem with the server response',
    );
    expect(screen.getByRole('button', { name: 'Finish without sending' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send without the receipt' })).not.toBeInTheDocument();
  });

  it('in Spanish', async () => {
    await setLanguage('es');
    const survey = finishedSession({ createPayload: withReceipt });
    const config = survey.config;
    renderStep(
      '/checkout',
      {
        ...survey,
        config: config && {
          ...config,
          surveys: config.surveys?.map((s) => ({ ...s, templateLocale: 'es' as const })),
        },
      },
      fakeApi({ submitSurvey: async () => Promise.reject(used()) }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Este recibo ya se ha utilizado para dar una opinión.',
    );
    expect(screen.getByRole('button', { name: 'Enviar sin el recibo' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Terminar sin enviar' })).toBeInTheDocument();
    await setLanguage('en-gb');
  });

  it('withoutReceipt drops the transaction reference and the transaction, nothing else', () => {
    expect(withoutReceipt(withReceipt)).toEqual({ ...payload, pinCode: '' });
    expect(withoutReceipt(payload)).toEqual(payload);
  });
});
