/**
 * What the device screens do with the API (device-mode §4, §7): each step is the domain's pure change
 * applied to the stored device, so the screens only show the outcome.
 */
import { fetchDeviceConfig } from '@venue-voice/client';
import {
  afterSurveyDownload,
  applyConfigTemp,
  completeRegistration,
  configIfNoneMatch,
  configSyncReducer,
  isSurveyInProgress,
  newestConfig,
  type RegistrationValues,
  recordConfigDownload,
  type SettingsPasscodeValues,
  type SurveyDownloadNext,
} from '@venue-voice/domain';
import { env } from '../../config/env';
import { APP_CONFIG_EDGES, deviceApi } from '../../platform/device-api';
import { isAppMode, useDevice } from '../../platform/device-session';
import { setLanguage } from '../../platform/i18n';
import { logError } from '../../platform/log';
import { useGuestSession } from '../../shared/session/session-store';
import { afterConfigDownload } from '../device-sync';

const device = () => useDevice.getState();
const surveyRunning = () => isSurveyInProgress(useGuestSession.getState().surveyInProgress);

/** Moves a held config live when no survey is running, and speaks its language (D4.6, D4.7). */
export async function applyHeldConfig(): Promise<void> {
  device().change((state) => applyConfigTemp(state, surveyRunning()));
  await setLanguage(device().state.language);
}

export type DownloadOutcome =
  | { type: 'offline' }
  | { type: 'failed'; error: unknown }
  | ({ type: 'done' } & SurveyDownloadNext);

/**
 * Download latest survey settings: survey.config with every app-mode edge (staff and branch included),
 * held in configTemp and applied when no survey is in progress (D4.3–D4.7, D2.7, D2.8). It names the
 * ETag of the config the tablet holds (D4.67): an unchanged config answers 304 and is kept, and all
 * that follows a download runs as after a changed one (D4.68, decision 0228).
 */
export async function downloadSettings(now: () => number = Date.now): Promise<DownloadOutcome> {
  const start = configSyncReducer(device().state, { type: 'start', online: device().state.hasConnectivity });
  device().change(() => start.state);
  if (!start.fetchNow) return { type: 'offline' };
  try {
    const etag = configIfNoneMatch(device().state, env.appVersion);
    const answer = await fetchDeviceConfig(deviceApi(), { edges: APP_CONFIG_EDGES, etag });
    device().change(
      (state) =>
        configSyncReducer(recordConfigDownload(state, answer, now(), env.appVersion), {
          type: 'branchAndStaffDone',
        }).state,
    );
    await applyHeldConfig();
    // In app mode the menu export follows the config; its failure only makes the menu pending (D4).
    await afterConfigDownload();
    const surveys = newestConfig(device().state)?.surveys ?? [];
    const next = afterSurveyDownload(surveys, device().state.defaultTemplate);
    device().change((state) => ({ ...state, defaultTemplate: next.defaultTemplate }));
    return { type: 'done', ...next };
  } catch (error) {
    // A 401 has already reset the device (D4.1): a fresh device has no download to mark as failed.
    if (isAppMode()) device().change((state) => configSyncReducer(state, { type: 'failed' }).state);
    return { type: 'failed', error };
  }
}

/** device.register, then the device is registered and set up (D4.2); the first download follows. */
export async function registerDevice(values: RegistrationValues): Promise<void> {
  const branchId = Number(values.branchId);
  const answer = await deviceApi().device.register({
    companyKey: values.companyKey,
    branchId,
    deviceId: values.deviceId,
    passcode: values.passcode,
    settingsPasscode: values.settingsPasscode,
    uuid: device().state.uuid,
  });
  device().change((state) => ({
    ...completeRegistration(state, {
      companyKey: values.companyKey,
      branchId,
      deviceId: values.deviceId,
      token: answer.token,
      settingsPasscode: values.settingsPasscode,
    }),
    // The staff area can name the venue even if the first download fails.
    branchDetails: answer.branch,
  }));
  // Check-in data is reset at each setup (D §4 "Device").
  useGuestSession.getState().reset();
}

/** Update mode: device.configure with the new settings passcode, kept on the device once accepted. */
export async function changeSettingsPasscode(values: SettingsPasscodeValues): Promise<void> {
  await deviceApi().device.configure({
    settingsPasscode: values.settingsPasscode,
    uuid: device().state.uuid,
  });
  device().change((state) => ({ ...state, settingsPasscode: values.settingsPasscode }));
}

/**
 * Reset device: device.deregister. The caller resets the stored device (`resetDevice`) once its success
 * or error modal is closed, either way (the spec ends both on /register); a failure is logged so the
 * back office can disable the device by hand.
 */
export async function deregisterDevice(): Promise<{ ok: boolean }> {
  try {
    await deviceApi().device.deregister({ uuid: device().state.uuid });
    return { ok: true };
  } catch (error) {
    logError('device deregistration failed', { error });
    return { ok: false };
  }
}
