import { AppUpdatedBanner } from './app-updated-banner';
import { useDeferredUpdateToast } from './deferred-toast';
import { InstallAppModal } from './install-app-modal';
import { UpdateWaitModal } from './update-wait-modal';

/**
 * What app mode's default layout adds (device-mode §2): the 'app updated' banner, the update's wait
 * modal and the install-app modal. The Update app button itself is in the settings modal (staff
 * only); a guest holding the tablet never sees it (decision 0088).
 */
export function AppUpdateLayer() {
  useDeferredUpdateToast();
  return (
    <>
      <AppUpdatedBanner />
      <UpdateWaitModal />
      <InstallAppModal />
    </>
  );
}
