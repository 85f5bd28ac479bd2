import { openSettingsFromLogin, RoutePath, staffButtonTarget, switchUser } from '@venue-voice/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { signedInMember, useDevice } from '../../platform/device-session';
import { logError } from '../../platform/log';
import { Button } from '../../ui/button';
import { Modal } from '../../ui/modal';
import { StaffPinModal } from './staff-pin-modal';
import { endGuestVisit, useIdleReset } from './use-idle-reset';
import './kiosk.css';

// Staff screens: the Staff button would lead where staff already are. On /staff itself it signs a member
// in (see staffButtonTarget), until one is signed in.
const STAFF_SCREENS: readonly string[] = [RoutePath.REGISTER, RoutePath.MANAGE_TEAM];

/**
 * What a registered tablet adds under every screen (device-mode §2 Staff button, footer switch user):
 * the Staff button (the PIN modal when the branch enables staff PINs, else /staff; on /staff always the
 * PIN modal, decision 0180), the signed-in member with Switch user, and the idle reset's countdown.
 * Loaded only in app mode.
 */
export function KioskLayer() {
  const { t } = useTranslation('kiosk');
  const navigate = useNavigate();
  const path = useLocation().pathname.toLowerCase();
  const device = useDevice((store) => store.state);
  const change = useDevice((store) => store.change);
  const [pinOpen, setPinOpen] = useState(false);
  const idle = useIdleReset();
  const member = signedInMember(device);
  // Leaving a guest's screen for the staff area ends the guest's visit as the idle reset does (D4.61):
  // a survey left in progress would otherwise hold back downloaded settings and app updates (D4.6).
  const toStaff = () => {
    void endGuestVisit(path)
      .catch((error: unknown) => logError('staff button: the survey was not kept', { error }))
      .finally(() => void navigate(RoutePath.STAFF));
  };
  const onStaffHome = path === RoutePath.STAFF;
  const showStaff = onStaffHome ? member === null : !STAFF_SCREENS.includes(path);
  // The signed-in member is for staff eyes only: a guest handed the tablet never sees who signed in.
  const shownMember = showStaff ? null : member;

  const staffButton = () => {
    const branch = device.config?.branch ?? device.branchDetails;
    if (staffButtonTarget(branch, onStaffHome) === 'pinModal') setPinOpen(true);
    else toStaff();
  };
  const settingsFromLogin = () => {
    setPinOpen(false);
    const { state, goTo } = openSettingsFromLogin(useDevice.getState().state);
    change(() => state);
    void endGuestVisit(path)
      .catch((error: unknown) => logError('staff settings: the survey was not kept', { error }))
      .finally(() => void navigate(goTo));
  };

  return (
    <>
      {(shownMember || showStaff) && (
        <nav className="kiosk" aria-label={t('nav')}>
          {shownMember && (
            <>
              <span className="kiosk__member">{t('signedIn', { name: shownMember.displayName })}</span>
              <Button variant="quiet" onClick={() => change(switchUser)}>
                {t('switchUser')}
              </Button>
            </>
          )}
          {showStaff && (
            <Button variant="secondary" onClick={staffButton}>
              {t('staff')}
            </Button>
          )}
        </nav>
      )}
      <StaffPinModal
        open={pinOpen}
        onClose={() => setPinOpen(false)}
        onSignedIn={() => {
          setPinOpen(false);
          toStaff();
        }}
        onSettings={settingsFromLogin}
      />
      <Modal
        open={idle.phase === 'countdown'}
        title={t('idle.title')}
        closeLabel={t('close')}
        onRequestClose={() => undefined}
        footer={<Button>{t('idle.carryOn')}</Button>}
      >
        <p role="status">{t('idle.body', { count: idle.phase === 'countdown' ? idle.secondsLeft : 0 })}</p>
      </Modal>
    </>
  );
}
