/**
 * The settings' "Download menu products" (D2 "Menu download dialog"): wait, then success or error. The
 * settings modal renders what this returns, as for its other flows.
 */
import { useDevice } from '../../platform/device-session';
import { i18n } from '../../platform/i18n';
import { downloadMenu } from './menu-download';

export type MenuFlowEnd = { kind: 'message'; title: string; text: string };

const text = (key: string) => i18n.t(`device-sync:menuDownload.${key}`);

/** The wait modal's label. */
export const menuDownloadWaitText = () => text('wait');

export async function runMenuDownload(
  download: () => Promise<boolean> = () => downloadMenu(),
): Promise<MenuFlowEnd> {
  // Offline nothing is tried: the menu keeps its state and the staff are told to come back later.
  if (!useDevice.getState().state.hasConnectivity)
    return { kind: 'message', title: text('errorTitle'), text: text('offline') };
  return (await download())
    ? { kind: 'message', title: text('doneTitle'), text: text('done') }
    : { kind: 'message', title: text('errorTitle'), text: text('failed') };
}
