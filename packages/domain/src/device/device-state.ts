/** The registered tablet's stored state (device-mode.md §3 "Device registration and configuration", §4). */
import { RoutePath } from '../checkin/routes';
import { DEFAULT_LANGUAGE } from '../constants';
import { AuthType, Language, UpdateState } from '../enums';
import { ErrorCodes } from '../errors';
import type { Branch, Branding, ConfigResponse, StaffMember } from '../schemas';
import type { ConfigEtag } from './config-etag';

/** Update states the device keeps; the responses' state is derived from the queue (responsesUpdateState). */
export type DeviceUpdateStates = { config: UpdateState; surveys: UpdateState; menu: UpdateState };

/**
 * What the tablet keeps about itself. The spec's `passcode` is not kept: since the architecture decision
 * on device credentials the long-lived credential is the device `token` device.register returned.
 */
export type DeviceState = {
  uuid: string;
  companyKey: string;
  branchId: number | null;
  deviceId: string;
  token: string | null;
  settingsPasscode: string;
  registered: boolean;
  setupComplete: boolean;
  config: ConfigResponse | null;
  /** A downloaded config held until no survey is in progress (D4.6). */
  configTemp: ConfigResponse | null;
  /**
   * The ETag of the newest config downloaded (configTemp, else config), sent as If-None-Match on the
   * next download (D4.67, decision 0228). Null before the first download and in states stored before.
   */
  configEtag: ConfigEtag | null;
  branchDetails: Branch | null;
  cachedStaff: StaffMember[];
  cachedTheme: Branding | null;
  /** Unix seconds of the last successful upload. */
  lastUpdated: number | null;
  /** Epoch ms of the last menu download. */
  menuItemsLastUpdated: number | null;
  /** Epoch ms of the last successful config download: the settings modal's 'last synchronised' (D2.6). */
  lastSynchronised: number | null;
  /** Epoch ms after which the next poll runs; null before the first poll. */
  nextSync: number | null;
  updateState: DeviceUpdateStates;
  automationEnabled: boolean;
  loggedInMember: number | null;
  showSettingsSection: boolean;
  defaultTemplate: number;
  selectedTemplate: number;
  hasConnectivity: boolean;
  language: Language;
  updateWhenOnline: boolean;
  apiInProgress: boolean;
  authUser: { isAdmin: boolean };
};

/** A fresh, unregistered device. */
export const initialDeviceState = (uuid: string, hasConnectivity = true): DeviceState => ({
  uuid,
  companyKey: '',
  branchId: null,
  deviceId: '',
  token: null,
  settingsPasscode: '',
  registered: false,
  setupComplete: false,
  config: null,
  configTemp: null,
  configEtag: null,
  branchDetails: null,
  cachedStaff: [],
  cachedTheme: null,
  lastUpdated: null,
  menuItemsLastUpdated: null,
  lastSynchronised: null,
  nextSync: null,
  updateState: { config: UpdateState.UNKNOWN, surveys: UpdateState.UNKNOWN, menu: UpdateState.UNKNOWN },
  automationEnabled: false,
  loggedInMember: null,
  showSettingsSection: false,
  defaultTemplate: 0,
  selectedTemplate: 0,
  hasConnectivity,
  language: DEFAULT_LANGUAGE,
  updateWhenOnline: false,
  apiInProgress: false,
  authUser: { isAdmin: true },
});

/** The only device fields a reset keeps (D4.1). */
export const DEVICE_RESET_KEEPS = ['hasConnectivity', 'uuid'] as const;

/**
 * The device after a reset: everything back to a fresh device but connectivity and the uuid. The
 * offline response queue is a separate store and is NOT cleared (the queue never drops a response).
 */
export const resetDeviceState = (state: DeviceState): DeviceState =>
  initialDeviceState(state.uuid, state.hasConnectivity);

/** The 401 codes that speak of the device itself: not authenticated (a revoked token) and disabled device. */
export const DEVICE_RESET_CODES: readonly number[] = [
  ErrorCodes.NOT_AUTHENTICATED,
  ErrorCodes.INVALID_DEVICE_REFERENCE,
];

/**
 * True when an API answer must reset the device and send it to /register (D4.1): a 401 in app mode
 * carrying a device code (10005, 10030), except on /register itself, where a 401 answers a wrong
 * passcode rather than a revoked device. Other 401s are a request's own fault (10029, a wrong response
 * secret) and must not wipe the tablet.
 */
export const isDeviceResetAnswer = (answer: {
  status: number;
  code: number | null;
  authType: AuthType;
  path: string;
}): boolean =>
  answer.status === 401 &&
  answer.code !== null &&
  DEVICE_RESET_CODES.includes(answer.code) &&
  answer.authType === AuthType.APP &&
  !answer.path.startsWith(RoutePath.REGISTER);

/** The language a config selects: its first survey's templateLocale, else en-gb (D4.7). */
export const languageOfConfig = (config: ConfigResponse): Language => {
  const locale = config.surveys?.[0]?.templateLocale;
  return locale && (Language as readonly string[]).includes(locale) ? locale : DEFAULT_LANGUAGE;
};

/** Keeps a downloaded config aside; it goes live through applyConfigTemp (D4.6). */
export const holdDownloadedConfig = (state: DeviceState, downloaded: ConfigResponse): DeviceState => ({
  ...state,
  configTemp: downloaded,
});

/** Moves the held config live when no survey is in progress, and sets the language from it (D4.6, D4.7). */
export const applyConfigTemp = (state: DeviceState, surveyInProgress: boolean): DeviceState => {
  if (!state.configTemp || surveyInProgress) return state;
  const config = state.configTemp;
  return {
    ...state,
    config,
    configTemp: null,
    language: languageOfConfig(config),
    branchDetails: config.branch ?? state.branchDetails,
    cachedStaff: config.staff ?? state.cachedStaff,
  };
};

/** What follows a successful survey download (D2.7, D2.8). */
export type SurveyDownloadNext = { defaultTemplate: number; next: 'done' | 'chooseDefault' };

/** Zero surveys: default 0 and done; a default that is set but missing: the chooser; otherwise done. */
export const afterSurveyDownload = (
  surveys: readonly { templateId: number }[],
  defaultTemplate: number,
): SurveyDownloadNext => {
  if (surveys.length === 0) return { defaultTemplate: 0, next: 'done' };
  const missing = defaultTemplate !== 0 && !surveys.some((survey) => survey.templateId === defaultTemplate);
  return { defaultTemplate, next: missing ? 'chooseDefault' : 'done' };
};

/** Cached staff thumbnails no current member uses any more, to delete (D4.8). */
export const staleThumbnails = (
  cached: readonly string[],
  staff: readonly Pick<StaffMember, 'thumbnailUrl'>[],
): string[] => {
  const used = new Set(staff.map((member) => member.thumbnailUrl).filter((url) => url !== null));
  return cached.filter((url) => !used.has(url));
};

/** What a successful device.register gives the tablet (D4.2). */
export type DeviceRegistered = {
  companyKey: string;
  branchId: number;
  deviceId: string;
  token: string;
  settingsPasscode: string;
};

/** D4.2: an unregistered device becomes registered and set up after registration (then: the staff page). */
export const completeRegistration = (state: DeviceState, registered: DeviceRegistered): DeviceState => ({
  ...state,
  ...registered,
  registered: true,
  setupComplete: true,
  loggedInMember: null,
  showSettingsSection: false,
});
