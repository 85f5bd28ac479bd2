/**
 * What follows a config download on a tablet (D4 "Update state"): the menu export, then the staff
 * thumbnails of the downloaded staff. Both run after every successful download, manual or polled.
 */
import { useDevice } from '../../platform/device-session';
import { logError } from '../../platform/log';
import { downloadMenu } from './menu-download';
import { syncThumbnails } from './thumbnails';

export async function afterConfigDownload(): Promise<{ menu: boolean }> {
  const menu = await downloadMenu();
  const { config, configTemp } = useDevice.getState().state;
  // A config held during a survey already names the staff who will be live after it.
  const staff = (configTemp ?? config)?.staff ?? [];
  await syncThumbnails(staff).catch((error: unknown) =>
    logError('staff thumbnails not synchronised', { error: String(error) }),
  );
  return { menu };
}
