/**
 * The menu download (D4 "Update state": after config and staff, in app mode the menu product export
 * runs; its failure gives pending): every edge of survey.menu.export, paged by 2500, kept on the tablet.
 */
import { configSyncReducer, MENU_EXPORT_LIMIT, menuUpdateState } from '@venue-voice/domain';
import { deviceApi } from '../../platform/device-api';
import { isAppMode, useDevice } from '../../platform/device-session';
import { logError } from '../../platform/log';
import { saveMenu } from './menu-db';

type MenuExport = Pick<ReturnType<typeof deviceApi>['survey']['menu'], 'exportAll'>;

/**
 * Downloads the whole menu (products, major groups with the misc groups, family groups) and replaces
 * the stored copy only once all of it has arrived: a failure keeps the copy the tablet had (D4.49).
 */
export async function downloadMenu(
  menu: MenuExport = deviceApi().survey.menu,
  now: () => number = Date.now,
): Promise<boolean> {
  const change = useDevice.getState().change;
  change((state) => ({ ...state, updateState: { ...state.updateState, menu: menuUpdateState('start') } }));
  try {
    const [allProducts, majorGroups, familyGroups] = await Promise.all([
      menu.exportAll('products', MENU_EXPORT_LIMIT),
      menu.exportAll('major_groups', MENU_EXPORT_LIMIT),
      menu.exportAll('family_groups', MENU_EXPORT_LIMIT),
    ]);
    const savedAt = now();
    const companyKey = useDevice.getState().state.companyKey;
    await saveMenu({ allProducts, majorGroups, familyGroups, companyKey, savedAt });
    change((state) => configSyncReducer(state, { type: 'menuExportDone', now: savedAt }).state);
    return true;
  } catch (error) {
    logError('menu download failed', { error: String(error) });
    // A 401 has reset the device already: a fresh device has no menu download to mark.
    if (isAppMode()) change((state) => configSyncReducer(state, { type: 'menuExportFailed' }).state);
    return false;
  }
}
