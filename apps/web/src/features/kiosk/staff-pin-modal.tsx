import { canOpenSettings, signInMember, validateStaffPin } from '@venue-voice/domain';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDevice } from '../../platform/device-session';
import { logError } from '../../platform/log';
import { pinHolders } from '../../platform/pin-verifier';
import { rememberTypedPin } from '../../platform/typed-pin';
import { lockClock, useAttemptLock } from '../../shared/attempt-lock';
import { DeviceField } from '../../shared/device-field';
import { Button } from '../../ui/button';
import { Modal } from '../../ui/modal';
import { STAFF_LOCK_KEY } from './kiosk-storage';
import { SurveyProgress } from './survey-progress';

export interface StaffPinModalProps {
  open: boolean;
  onClose(): void;
  onSignedIn(): void;
  /** The modal's settings button (D2.18 `openSettingsFromLogin`); none when absent. */
  onSettings?(): void;
  /**
   * Only a member who can open settings (a manager) may sign in here: Manage team acts as them (decision
   * 0180). Anyone else's PIN is refused and signs nobody in.
   */
  managerOnly?: boolean;
}

/**
 * The member PIN sign-in (D4.21, D5.8, D5.9), checked on the tablet against the cached staff's PIN
 * verifiers (decision 0197), so it works offline. After 5 wrong PINs sign-in is locked for a while
 * (D4.58); the lock is stored, so a reload does not lift it. The typed PIN is kept in memory only, for
 * the manage calls the member may make next.
 */
export function StaffPinModal({
  open,
  onClose,
  onSignedIn,
  onSettings,
  managerOnly = false,
}: StaffPinModalProps) {
  const { t } = useTranslation('kiosk');
  const id = useId();
  const change = useDevice((store) => store.change);
  const [pin, setPin] = useState('');
  const [error, setError] = useState<string | null>(null);
  const { remaining, attempt } = useAttemptLock(STAFF_LOCK_KEY, open);

  const close = () => {
    setPin('');
    setError(null);
    onClose();
  };
  const [checking, setChecking] = useState(false);
  const check = async () => {
    const { cachedStaff, config } = useDevice.getState().state;
    const members = config?.staff ?? cachedStaff;
    // A malformed PIN matches nobody: no need to derive its hash.
    const holders = validateStaffPin(pin) ? new Set<number>() : await pinHolders(pin, members);
    const result = signInMember(useDevice.getState().state, pin, members, (m) => holders.has(m.id));
    const outcome = result.ok ? 'ok' : result.error.key === 'staff.invalidPin' ? 'invalidPin' : 'other';
    // Locked meanwhile (another screen, a reload): the try counts for nothing and signs nobody in.
    if (attempt(outcome) === null) return;
    if (!result.ok) {
      setError(t(result.error.key, { ns: 'translation', ...result.error.params }));
      return;
    }
    if (managerOnly && !canOpenSettings(result.member)) {
      setError(t('pin.notManager'));
      return;
    }
    change((state) => ({ ...state, loggedInMember: result.member.id }));
    rememberTypedPin(result.member.id, pin);
    setPin('');
    setError(null);
    onSignedIn();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (checking) return;
    setChecking(true);
    check()
      .catch((error: unknown) => {
        // No WebCrypto (plain http) or a stored verifier it cannot read: say so rather than "wrong PIN".
        logError('staff PIN not checked', { error });
        setError(t('pin.cannotCheck'));
      })
      .finally(() => setChecking(false));
  };

  return (
    <Modal
      open={open}
      title={t(managerOnly ? 'pin.managerTitle' : 'pin.title')}
      closeLabel={t('close')}
      onRequestClose={close}
    >
      <form className="kiosk__form" noValidate onSubmit={submit}>
        {/* Opened over a guest's survey: how far the guest is, before signing in ends the visit (D2.13). */}
        <SurveyProgress as="p" quietWhenIdle />
        <DeviceField
          id={`${id}-pin`}
          label={t('pin.label')}
          type="password"
          inputMode="numeric"
          autoComplete="off"
          value={pin}
          disabled={remaining > 0}
          error={remaining > 0 ? undefined : (error ?? undefined)}
          onChange={(event) => {
            setPin(event.target.value);
            setError(null);
          }}
        />
        {remaining > 0 && (
          <p role="alert" className="kiosk__locked">
            {t('pin.locked', { time: lockClock(remaining) })}
          </p>
        )}
        <div className="kiosk__actions">
          <Button type="submit" disabled={pin === '' || remaining > 0 || checking}>
            {t('pin.signIn')}
          </Button>
          {onSettings && (
            <Button variant="secondary" onClick={onSettings}>
              {t('pin.settings')}
            </Button>
          )}
        </div>
      </form>
    </Modal>
  );
}
