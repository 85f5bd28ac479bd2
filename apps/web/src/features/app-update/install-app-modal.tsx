import { RoutePath } from '@venue-voice/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { runMode } from '../../platform/pwa';
import { Modal } from '../../ui/modal';
import { InstallInstructionsBody } from '../frame';

/** Session-storage key: staff closed the install modal in this tab; it stays closed until a new tab. */
export const INSTALL_MODAL_CLOSED_KEY = 'venue-voice-install-modal-closed';

function closedBefore(): boolean {
  try {
    return sessionStorage.getItem(INSTALL_MODAL_CLOSED_KEY) === '1';
  } catch {
    return false;
  }
}

/**
 * The install-app modal of app mode (device-mode §2 default layout): a tablet running in a browser
 * tab is asked to install the app (offline start, full screen); installed or opened by the Android
 * package it never shows. It opens on the staff home only: staff hold the tablet there, while a
 * guest's survey or the registration's own dialogs are never covered. The body is the install page's
 * (G4.77). Decision 0089.
 */
export function InstallAppModal() {
  const { t } = useTranslation('app-update');
  const onStaffHome = useLocation().pathname.toLowerCase() === RoutePath.STAFF;
  const [wanted, setWanted] = useState(() => !runMode().standalone && !closedBefore());
  const open = wanted && onStaffHome;
  const close = () => {
    setWanted(false);
    try {
      sessionStorage.setItem(INSTALL_MODAL_CLOSED_KEY, '1');
    } catch {
      // Storage refused: it only shows again after a reload.
    }
  };
  return (
    <Modal open={open} title={t('install.title')} onRequestClose={close} closeLabel={t('install.close')}>
      <InstallInstructionsBody />
    </Modal>
  );
}
