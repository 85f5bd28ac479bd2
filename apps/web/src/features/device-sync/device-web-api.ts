/**
 * The guest flow on a tablet runs from the device (issue 6): in app mode the screens' reads — venue
 * config, staff, branch, menu — answer from what the tablet downloaded, so a survey runs offline. Sends
 * and everything on the web go to the API as before. The menu code loads only when a menu is read.
 */
import { TeamMemberStatus, type WebConfigResponse } from '@venue-voice/domain';
import type { WebApi } from '../../platform/api';
import { isAppMode, useDevice } from '../../platform/device-session';
import { i18n } from '../../platform/i18n';
import { showToast } from '../../ui/toasts';

const device = () => useDevice.getState().state;

/** A receipt PIN or table lookup asked while the tablet is offline: the server cannot be reached. */
export class OfflineLookupError extends Error {
  constructor() {
    super('The tablet is offline: the receipt cannot be looked up');
    this.name = 'OfflineLookupError';
  }
}

export const isOfflineLookup = (error: unknown): boolean => error instanceof OfflineLookupError;

/** Tells the team member why the receipt step was skipped (decision 0094). */
export const noteOfflineLookup = (): void =>
  showToast({ text: i18n.t('device-sync:offline.lookupSkipped'), tone: 'warning' }, 8000);

/** The live config in the guest's shape: no staff PIN codes, weights or settings access (decision 0011). */
export function deviceVenueConfig(slug: string): WebConfigResponse {
  const { config } = device();
  if (!config) throw new Error('This tablet has no survey settings yet');
  const { staff: _withPins, ...shared } = config;
  const surveys = config.surveys ?? [];
  const survey = surveys.find((candidate) => candidate.slug === slug);
  return { ...shared, surveys: survey ? [survey] : surveys };
}

/** The cached staff as the guest's staff edge lists them: active members only, no manager fields. */
export const deviceGuestStaff = () =>
  device()
    .cachedStaff.filter((member) => member.status === TeamMemberStatus.ACTIVE)
    .map(
      ({ hasPin: _has, pinVerifier: _verifier, weight: _weight, hasSettingsAccess: _access, ...guest }) =>
        guest,
    );

/** The code behind the reads below, each its own chunk loaded when first read. */
const readsCode = {
  menuDb: () => import('./menu-db'),
  thumbnails: () => import('./thumbnails'),
  menuSearch: () => import('./device-menu-search'),
  menuGroups: () => import('./device-menu'),
};

/**
 * All of it, for a tablet to hold before a survey starts (decision 0167): offline, a chunk not yet
 * fetched cannot load until the service worker has cached the app.
 */
export const deviceReadsCode = () => Promise.all(Object.values(readsCode).map((load) => load()));

async function deviceMenuCopy() {
  const { readMenu } = await readsCode.menuDb();
  return readMenu(device().companyKey);
}

/** In app mode, the reads come from the device (the menu from its copy once downloaded). */
export function withDeviceCopy(api: WebApi): WebApi {
  return {
    ...api,
    surveyConfig: async (slug, language) =>
      isAppMode() ? deviceVenueConfig(slug) : api.surveyConfig(slug, language),
    async surveyStaff(slug, language, branchId) {
      if (!isAppMode()) return api.surveyStaff(slug, language, branchId);
      const { withCachedThumbnails } = await readsCode.thumbnails();
      // The pictures from the tablet's cache; without one the list still shows, with initials.
      return withCachedThumbnails(deviceGuestStaff()).catch(() => deviceGuestStaff());
    },
    async surveyBranches(slug, language, near) {
      const branch = device().config?.branch ?? device().branchDetails;
      if (!isAppMode() || !branch) return api.surveyBranches(slug, language, near);
      return [{ ...branch, distance: null }];
    },
    async surveyTransaction(slug, language, query) {
      if (isAppMode() && !device().hasConnectivity) throw new OfflineLookupError();
      return api.surveyTransaction(slug, language, query);
    },
    async menuProducts(slug, language, query, signal) {
      const menu = isAppMode() ? await deviceMenuCopy() : null;
      if (!menu) return api.menuProducts(slug, language, query, signal);
      const { searchDeviceProducts } = await readsCode.menuSearch();
      return searchDeviceProducts(menu, query);
    },
    async menuGroups(slug, language, type, signal) {
      const menu = isAppMode() ? await deviceMenuCopy() : null;
      if (!menu) return api.menuGroups(slug, language, type, signal);
      const { deviceMenuGroups } = await readsCode.menuGroups();
      return deviceMenuGroups(menu, type);
    },
  };
}
