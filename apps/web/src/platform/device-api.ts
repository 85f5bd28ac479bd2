import { type ApiClient, createApiClient } from '@venue-voice/client';
import { AuthType, type ConfigEdge, isDeviceResetAnswer } from '@venue-voice/domain';
import { env } from '../config/env';
import { deviceCredentials, resetDevice, useDevice } from './device-session';

/** What a tablet downloads: every section of survey.config, staff included (app mode only, D7). */
export const APP_CONFIG_EDGES: readonly ConfigEdge[] = [
  'branch',
  'complaints',
  'core',
  'data_capture',
  'demographics',
  'statics',
  'staff',
  'surveys',
  'questions',
];

const currentPath = () => (typeof window === 'undefined' ? '/' : window.location.pathname);

/** The error code of an answer's body (`{ error: { code } }`), or null when it has none. */
async function errorCodeOf(response: Response): Promise<number | null> {
  try {
    const body = (await response.clone().json()) as { error?: { code?: unknown } } | null;
    const code = body?.error?.code;
    return typeof code === 'number' ? code : null;
  } catch {
    return null;
  }
}

/**
 * A fetch that resets the device on a 401 with a device code outside /register (D4.1): every app-mode
 * call goes through it, so a revoked token anywhere ends on /register (the device screens follow the
 * store). A 401 for a wrong response secret (10029) is that response's fault and resets nothing.
 */
export function resettingFetch(base: typeof fetch = globalThis.fetch.bind(globalThis)): typeof fetch {
  return async (input, init) => {
    const response = await base(input, init);
    if (response.status !== 401) return response;
    const code = await errorCodeOf(response);
    if (isDeviceResetAnswer({ status: 401, code, authType: AuthType.APP, path: currentPath() })) {
      resetDevice();
    }
    return response;
  };
}

/**
 * The app-mode API client with the device's current credentials (token, company, branch, language).
 * Before registration it carries none; device.register brings its own.
 */
export function deviceApi(options: { fetch?: typeof fetch; baseUrl?: string } = {}): ApiClient {
  const credentials = deviceCredentials();
  const state = useDevice.getState().state;
  return createApiClient({
    baseUrl: options.baseUrl ?? env.apiBaseUrl,
    fetch: resettingFetch(options.fetch),
    authType: AuthType.APP,
    clientId: env.clientId,
    language: state.language,
    ...(credentials
      ? {
          companyKey: credentials.companyKey,
          branchId: credentials.branchId,
          device: { deviceId: credentials.deviceId, token: credentials.token },
        }
      : {}),
  });
}
