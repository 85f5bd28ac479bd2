import {
  checkinForTransactionFetch,
  PinType,
  pinLookupOutcome,
  required,
  validateTableNumber,
} from '@venue-voice/domain';
import { type FormEvent, lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useApi } from '../../../platform/api-context';
import { guestMessage, isReceiptUsed, retryAfterMinutes } from '../../../platform/api-failure';
import { currentLanguage } from '../../../platform/i18n';
import { useGuestSession } from '../../../shared/session/session-store';
import { LoadingStatus } from '../../../ui/loading-status';
import { isOfflineLookup, noteOfflineLookup } from '../../device-sync';
import { checkinStateOf, configSurvey, visitDateTimeOf } from '../checkin-flow';
import { useBranches } from '../find-venue/use-branches';
import { useFinishStep } from '../use-route-decision';
import type { EntryStepState } from '../venue-landing';
import { lookupExtras } from '../venue-setup';
import { failureKey, type LookupFailure, type LookupKind, RECEIPT_USED } from './lookup-failure';

// The loading modal (Radix Dialog, ~13 kB gzip) is not part of the first screen's download: it loads
// when the guest first touches the form, long before a lookup can start (decision 0078). Should the
// answer be faster than the chunk, the plain loading status stands in for it.
const loadLookupModal = () => import('./lookup-modal');
const LookupModal = lazy(async () => ({ default: (await loadLookupModal()).LookupModal }));

interface Values {
  value: string;
  branchId: string;
}
type Field = keyof Values;
/** i18n keys of what is wrong, per field; `server` holds a finished text (G8). */
type Errors = Partial<Record<Field | 'server', string>>;

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
  const linkFailure = (useLocation().state as EntryStepState | null)
    ?.linkLookupFailure as LookupFailure | null;
  // A table number on a survey without EPOS has no order to find: it is only recorded (api.md 10024).
  const looksUp = kind === 'pin' || Boolean(survey?.eposEnabled);
  const asksVenue = looksUp && storedBranch === null;
  const branches = useBranches(slug, null, asksVenue);
  const finish = useFinishStep();
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(Boolean(linkFailure));
  const [modalWanted, setModalWanted] = useState(false);
  const [values, setValues] = useState<Values>({
    value: (kind === 'pin' ? urlParams.pin : urlParams.tableId) ?? '',
    branchId: '',
  });
  const [errors, setErrors] = useState<Errors>(linkFailure ? { value: failureKey(kind, linkFailure) } : {});
  // After the first Continue, each change checks its field again (as the guest corrects it).
  const [submitted, setSubmitted] = useState(false);
  const fields = { value: useRef<HTMLInputElement>(null), branchId: useRef<HTMLSelectElement>(null) };
  // The first wrong field gets the focus once the loading modal has gone (its focus trap would keep it).
  const [focusField, setFocusField] = useState<Field | null>(null);
  useEffect(() => {
    if (loading || !focusField) return;
    fields[focusField].current?.focus();
    setFocusField(null);
  });

  const prefetchModal = () => {
    if (modalWanted) return;
    setModalWanted(true);
    void loadLookupModal();
  };
  const check = (field: Field, value: string): string | undefined => {
    if (field === 'branchId') return asksVenue ? required(value)?.key : undefined;
    return (kind === 'table' ? validateTableNumber(value) : required(value))?.key;
  };
  const change = (field: Field, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    if (submitted) setErrors((current) => ({ ...current, [field]: check(field, value) }));
  };
  const fail = (next: Errors) => {
    setErrors(next);
    setFocusField((['branchId', 'value'] as const).find((field) => next[field]) ?? null);
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    const invalid: Errors = {
      branchId: check('branchId', values.branchId),
      value: check('value', values.value),
    };
    if (invalid.branchId || invalid.value) {
      fail(invalid);
      return;
    }
    setErrors({});
    await lookUp(values);
  };

  const lookUp = async ({ value, branchId }: Values) => {
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
        fail({ value: failureKey(kind, outcome.result) });
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
      // An offline tablet cannot reach the receipt: the survey goes on without it (decision 0094), and
      // a receipt PIN goes with the survey for the server to look up on upload (D3.11, decision 0182).
      if (isOfflineLookup(error)) {
        noteOfflineLookup();
        finish({ tableNumber, receiptPin: kind === 'pin' ? value.trim() : null });
        return;
      }
      setFailed(true);
      // Found, but already rated (decision 0174): said on the field, as a lookup result is.
      if (isReceiptUsed(error)) {
        fail({ value: failureKey(kind, RECEIPT_USED) });
        return;
      }
      // Too many failed tries (decision 0051): say so, and when to try again, in the guest's language.
      const wait = retryAfterMinutes(error);
      const tooMany = wait === null ? null : t('api.tooManyTries', { ns: 'translation', count: wait });
      setErrors({ server: tooMany ?? guestMessage(error) ?? t('api.responseError', { ns: 'translation' }) });
    } finally {
      setLoading(false);
    }
  };

  const valueError = errors.value;
  const venueError = errors.branchId;
  const texts = kind === 'pin' ? 'pinEntry' : 'tableEntry';

  return (
    <div className="card ck-stack">
      <h1>{t(`${texts}.title`)}</h1>
      {/* method="dialog" outside a dialog submits nowhere: a press on the server's render before the
          app has hydrated it (decision 0169) does nothing, instead of reloading the page and losing
          what was typed. Once hydrated, onSubmit handles every submit. */}
      <form
        className="ck-stack"
        method="dialog"
        noValidate
        onSubmit={(event) => void onSubmit(event)}
        onPointerDown={prefetchModal}
        onKeyDown={prefetchModal}
        onFocusCapture={prefetchModal}
      >
        {asksVenue && (
          <div className="ck-field">
            <label htmlFor="lookup-venue">{t('lookup.venueLabel')}</label>
            <select
              id="lookup-venue"
              className="ck-input"
              aria-invalid={venueError ? true : undefined}
              aria-describedby={venueError ? 'lookup-venue-error' : undefined}
              disabled={!branches.data}
              ref={fields.branchId}
              value={values.branchId}
              onChange={(event) => change('branchId', event.target.value)}
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
            ref={fields.value}
            value={values.value}
            onChange={(event) => change('value', event.target.value)}
          />
          {valueError && (
            <p id="lookup-value-error" className="ck-field__error">
              {t(valueError, { ns: ['checkin', 'translation'] })}
            </p>
          )}
        </div>
        {errors.server && (
          <p className="ck-notice ck-notice--error" role="alert">
            {errors.server}
          </p>
        )}
        <button type="submit" className="button ck-button--wide" disabled={loading}>
          {t('actions.continue')}
        </button>
      </form>
      {(modalWanted || loading) && (
        <Suspense fallback={loading ? <LoadingStatus label={t('lookup.loadingTitle')} /> : null}>
          <LookupModal open={loading} />
        </Suspense>
      )}
    </div>
  );
}
