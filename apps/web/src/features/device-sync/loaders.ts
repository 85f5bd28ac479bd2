/** Polling and sync of a tablet (sync.ts): their code loads once the device is in app mode. */
const sync = () => import('./sync');
/** Starts the tablet's polling and sync once (sync.ts). */
export const startSync = async (options: { checkNow: boolean }) => (await sync()).startSync(options);
/** The menu export after a config download (downloads.ts). */
export const afterConfigDownload = async () => (await sync()).afterConfigDownload();
