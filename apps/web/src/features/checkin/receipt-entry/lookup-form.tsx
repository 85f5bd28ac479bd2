import {
  checkinForTransactionFetch,
  type PinResult,
  PinType,
  pinLookupOutcome,
  required,
  validateTableNumber,
} from '@venue-voice/domain';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useApi } from '../../../platform/api-context';
import { currentLanguage } from '../../../platform/i18n';
import { useGuestSession } from '../../session/session-store';
import { checkinStateOf, configSurvey, visitDateTimeOf } from '../checkin-flow';
import { useBranches } from '../find-venue/use-branches';
import { useFinishStep } from '../use-route-decision';
import type { EntryStepState } from '../venue-landing';
import { lookupExtras } from '../venue-setup';
import { LookupModal } from './lookup-modal';

/** What the guest types: a receipt PIN, or a table number (G2, G5). */
export type LookupKind = 'pin' | 'table';

interface Values {
  value: string;
  branchId: string;
}

/** i18n key of a lookup result in the guest's wording (G8: the table set says "table number"). */
const resultKey = (kind: LookupKind, result: PinResult) => `lookupResult.${kind}.${result}`;

/** G8: the server's message only when it is meant for the guest, else the generic one. */
function failureText(error: unknown, generic: string): string {
  const failure = error as { ui?: unknown; message?: unknown } | null;
  return failure?.ui === true && typeof failure.message === 'string' ? failure.message : generic;
}

/**
 * The receipt-PIN and table-number step: asks for the value (and the venue, when the check-in does not
 * know it yet: a receipt PIN is only unique within its venue), looks the order up with the loading modal
 * showing, and on success stores what it found and moves on.
 */
export function LookupForm({ kind }: { kind: LookupKind }) {
  const { t } = useTranslation('checkin');
  const api = useApi();
  const survey = useGuestSession(configSurvey);
  const slug = useGuestSession((session) => session.slug) ?? '';
  const storedBranch = useGuestSession((session) => session.branchId);
  const urlParams = useGuestSession((session) => session.urlParams);
  const linkFailure = (useLocation().state as EntryStepState | null)?.linkLookupFailure as PinResult | null;
  // A table number on a survey without EPOS has no order to find: it is only recorded (api.md 10024).
  const looksUp = kind === 'pin' || Boolean(survey?.eposEnabled);
  const asksVenue = looksUp && storedBranch === null;
  const branches = useBranches(slug, null, asksVenue);
  const finish = useFinishStep();
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(Boolean(linkFailure));
  const form = useForm<Values>({
    defaultValues: { value: (kind === 'pin' ? urlParams.pin : urlParams.tableId) ?? '', branchId: '' },
  });
  const { errors } = form.formState;

  useEffect(() => {
    if (linkFailure) form.setError('value', { type: 'lookup', message: resultKey(kind, linkFailure) });
  }, [linkFailure, kind, form]);

  const onSubmit = async ({ value, branchId }: Values) => {
    const tableNumber = kind === 'table' ? value.trim() : null;
    if (!looksUp || !survey) {
      finish({ tableNumber });
      return;
    }
    const session = useGuestSession.getState();
    if (failed) {
      // G4.83: a new fetch after a failure clears what earlier lookups found.
      const cleared = checkinForTransactionFetch(checkinStateOf(session), true);
      session.update({
        pin: cleared.eposData.pin,
        transaction: cleared.eposData.transaction,
        transactionRef: cleared.transactionRef,
      });
    }
    const branch = storedBranch ?? Number(branchId);
    setLoading(true);
    try {
      const found = await api.surveyTransaction(slug, currentLanguage(), {
        branchId: branch,
        templateId: survey.templateId,
        date: visitDateTimeOf(session, new Date()) ?? 'now',
        pinType: PinType.PIN,
        ...(kind === 'pin' ? { pin: value.trim() } : { tableId: value.trim() }),
        ...lookupExtras(session.urlParams),
      });
      const outcome = pinLookupOutcome(found.pin);
      if (!outcome.ok) {
        setFailed(true);
        form.setError(
          'value',
          { type: 'lookup', message: resultKey(kind, outcome.result) },
          { shouldFocus: true },
        );
        return;
      }
      finish({
        pin: found.pin,
        transaction: found.transaction,
        transactionRef: found.transactionRef,
        branchId: found.branch?.id ?? branch,
        tableNumber,
      });
    } catch (error) {
      setFailed(true);
      form.setError('root.server', {
        message: failureText(error, t('api.responseError', { ns: 'translation' })),
      });
    } finally {
      setLoading(false);
    }
  };

  const checkValue = (value: string) => {
    const error = kind === 'table' ? validateTableNumber(value) : required(value);
    return error ? error.key : true;
  };
  const valueError = errors.value?.message;
  const venueError = errors.branchId?.message;
  const texts = kind === 'pin' ? 'pinEntry' : 'tableEntry';

  return (
    <div className="card ck-stack">
      <h1>{t(`${texts}.title`)}</h1>
      <form className="ck-stack" noValidate onSubmit={form.handleSubmit(onSubmit)}>
        {asksVenue && (
          <div className="ck-field">
            <label htmlFor="lookup-venue">{t('lookup.venueLabel')}</label>
            <select
              id="lookup-venue"
              className="ck-input"
              aria-invalid={venueError ? true : undefined}
              aria-describedby={venueError ? 'lookup-venue-error' : undefined}
              disabled={!branches.data}
              {...form.register('branchId', { validate: (id) => required(id)?.key ?? true })}
            >
              <option value="">
                {branches.isPending ? t('lookup.venuesLoading') : t('lookup.venuePlaceholder')}
              </option>
              {branches.data?.map((branch) => (
                <option key={branch.id} value={branch.id}>
                  {branch.name}
                </option>
              ))}
            </select>
            {branches.isError && (
              <div className="ck-notice ck-notice--error" role="alert">
                <p>{t('api.responseError', { ns: 'translation' })}</p>
                <button type="button" className="button" onClick={() => void branches.refetch()}>
                  {t('app.retry', { ns: 'translation' })}
                </button>
              </div>
            )}
            {venueError && (
              <p id="lookup-venue-error" className="ck-field__error">
                {t(venueError, { ns: ['checkin', 'translation'] })}
              </p>
            )}
          </div>
        )}
        <div className="ck-field">
          <label htmlFor="lookup-value">{t(`${texts}.label`)}</label>
          <p id="lookup-value-hint" className="ck-field__hint">
            {t(`${texts}.hint`)}
          </p>
          <input
            id="lookup-value"
            className="ck-input"
            inputMode="numeric"
            autoComplete="off"
            enterKeyHint="go"
            aria-invalid={valueError ? true : undefined}
            aria-describedby={valueError ? 'lookup-value-hint lookup-value-error' : 'lookup-value-hint'}
            {...form.register('value', { validate: checkValue })}
          />
          {valueError && (
            <p id="lookup-value-error" className="ck-field__error">
              {t(valueError, { ns: ['checkin', 'translation'] })}
            </p>
          )}
        </div>
        {errors.root?.server && (
          <p className="ck-notice ck-notice--error" role="alert">
            {errors.root.server.message}
          </p>
        )}
        <button type="submit" className="button ck-button--wide" disabled={loading}>
          {t('actions.continue')}
        </button>
      </form>
      <LookupModal open={loading} />
    </div>
  );
}
