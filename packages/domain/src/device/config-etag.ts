/**
 * The tablet's conditional config download (decision 0228): it keeps the ETag of the config it holds and
 * sends it as If-None-Match, so an unchanged config costs a 304 instead of the whole answer, which is
 * `no-store` (decision 0194) and so never kept by the browser.
 */
import type { ConfigResponse } from '../schemas';
import { type DeviceState, holdDownloadedConfig } from './device-state';

/** The ETag of a downloaded config, with when and by which release of the app it was downloaded. */
export type ConfigEtag = {
  etag: string;
  /** The download's lastSynchronised: a config written without its ETag leaves the two apart. */
  syncedAt: number;
  /** The app's version: a new release reads the answer with its own schema, so it downloads once. */
  release: string;
};

/** What a config download answered: a config (with its ETag, when the server sent one), or not modified. */
export type ConfigDownload =
  | { type: 'changed'; data: ConfigResponse; etag: string | null }
  | { type: 'notModified'; etag: string };

/**
 * D4.67: the If-None-Match of the next config download, or null to download whole. Only an ETag stored
 * with the newest config the device holds (configTemp, else config), at its last synchronisation, by
 * this release: a state stored before ETags were kept, one whose config an older release replaced, or a
 * new release's first download gets the whole answer.
 */
export function configIfNoneMatch(state: DeviceState, release: string): string | null {
  const kept = state.configEtag;
  if (newestConfig(state) === null || !kept) return null;
  return kept.syncedAt === state.lastSynchronised && kept.release === release ? kept.etag : null;
}

/**
 * D4.68: a successful download. A changed config is held (D4.6) with its ETag; not modified keeps the
 * configs as they are. Either way the device has synchronised now, and what follows a download (update
 * states, applying the held config, the menu, thumbnails) runs as after a changed one.
 */
export function recordConfigDownload(
  state: DeviceState,
  download: ConfigDownload,
  now: number,
  release: string,
): DeviceState {
  const held = download.type === 'changed' ? holdDownloadedConfig(state, download.data) : state;
  return {
    ...held,
    lastSynchronised: now,
    configEtag: download.etag === null ? null : { etag: download.etag, syncedAt: now, release },
  };
}

/** The newest config the device holds: the one held for after the survey (D4.6), else the live one. */
export const newestConfig = (state: DeviceState): ConfigResponse | null => state.configTemp ?? state.config;
