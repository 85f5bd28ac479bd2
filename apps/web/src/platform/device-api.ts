import { type ApiClient, type Credentials, createApiClient } from '@venue-voice/client';
import { AuthType, type ConfigEdge, DEVICE_QUEUE_HEADER, isDeviceResetAnswer } from '@venue-voice/domain';
import { env } from '../config/env';
import { deviceCredentials, resetDeviceByServer, useDevice } from './device-session';

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
export function resettingFetch(
  base: typeof fetch = (input, init) => globalThis.fetch(input, init),
): typeof fetch {
  return async (input, init) => {
    const response = await base(input, init);
    if (response.status !== 401) return response;
    const code = await errorCodeOf(response);
    if (isDeviceResetAnswer({ status: 401, code, authType: AuthType.APP, path: currentPath() })) {
      resetDeviceByServer();
    }
    return response;
  };
}

/** How many responses the tablet holds (the queue's count), or null before the queue was read. */
let heldResponses: () => number | null = () => null;

/** The queue says how to count what the tablet holds; every app-mode call reports it (O3.15). */
export const reportHeldResponses = (count: () => number | null): void => {
  heldResponses = count;
};

/**
 * A fetch that tells the server how many responses the tablet holds on every call (X-Device-Queue,
 * decision 0212), so the console can show it; nothing is sent before the queue was read.
 */
export function reportingFetch(
  base: typeof fetch = (input, init) => globalThis.fetch(input, init),
): typeof fetch {
  return (input, init) => {
    const held = heldResponses();
    if (held === null) return base(input, init);
    const given = init?.headers;
    // The client sends a plain object; Headers and pairs are kept as Headers.
    const headers =
      given === undefined ||
      (typeof given === 'object' && !Array.isArray(given) && !(given instanceof Headers))
        ? { ...(given as Record<string, string> | undefined), [DEVICE_QUEUE_HEADER]: String(held) }
        : new Headers(given);
    if (headers instanceof Headers) headers.set(DEVICE_QUEUE_HEADER, String(held));
    return base(input, { ...init, headers });
  };
}

/** Every app-mode call's fetch, made once (it reads `globalThis.fetch` at each call). */
const deviceFetch = resettingFetch(reportingFetch());

/** Where app-mode calls go and who makes them: the device's credentials now (none before registration). */
export interface DeviceTransport {
  baseUrl: string;
  fetch: typeof fetch;
  credentials: Credentials;
}

/**
 * The device's transport with its current credentials (token, company, branch, language), read at each
 * call so a re-registration or a language change applies at once; shared by deviceApi and the queue.
 */
export function deviceTransport(): DeviceTransport {
  const credentials = deviceCredentials();
  return {
    baseUrl: env.apiBaseUrl,
    fetch: deviceFetch,
    credentials: {
      authType: AuthType.APP,
      clientId: env.clientId,
      language: useDevice.getState().state.language,
      ...(credentials
        ? {
            companyKey: credentials.companyKey,
            branchId: credentials.branchId,
            device: { deviceId: credentials.deviceId, token: credentials.token },
          }
        : {}),
    },
  };
}

/** The app-mode API client (device.register, before registration, brings its own credentials). */
export function deviceApi(options: { fetch?: typeof fetch; baseUrl?: string } = {}): ApiClient {
  const { baseUrl, fetch, credentials } = deviceTransport();
  return createApiClient({
    ...credentials,
    baseUrl: options.baseUrl ?? baseUrl,
    fetch: options.fetch ? resettingFetch(reportingFetch(options.fetch)) : fetch,
  });
}
