import type { AuthType, Language } from '@venue-voice/domain';

/** Who is calling: fixed for a client instance, extended per call (template, response). */
export interface Credentials {
  authType: AuthType;
  /** The client and its version, e.g. `venue-voice-web/0.8.16`. */
  clientId: string;
  language?: Language;
  companyKey?: string;
  branchId?: number;
  surveySlug?: string;
  /** App mode: the registered device and the token device.register returned. */
  device?: { deviceId: string; token: string };
}

export interface CallHeaders {
  templateId?: number;
  /** device.register: the device id being registered (no token yet). */
  deviceId?: string;
  response?: { id: number; secret: string };
  /** manage.*: the PIN of the member signed in on the tablet; the server checks it (decision 0110). */
  staffPin?: string;
  /** survey.submit create from the web: the reCAPTCHA v3 token the server verifies when configured (0200). */
  botToken?: string;
}

/** Builds the request headers of api.md from the credentials and the call's own extras. */
export const buildHeaders = (credentials: Credentials, extra: CallHeaders = {}): Record<string, string> => {
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'X-Auth-Type': credentials.authType,
    'X-Client-Id': credentials.clientId,
    'X-Language': credentials.language ?? 'en-gb',
  };
  if (credentials.companyKey) headers['X-Company'] = credentials.companyKey;
  if (credentials.branchId !== undefined) headers['X-Branch'] = String(credentials.branchId);
  if (credentials.surveySlug) headers['X-Survey-Slug'] = credentials.surveySlug;
  if (credentials.authType === 'app' && credentials.device) {
    headers['X-Device-Id'] = credentials.device.deviceId;
    headers.Authorization = `Bearer ${credentials.device.token}`;
  }
  if (extra.deviceId !== undefined) headers['X-Device-Id'] = extra.deviceId;
  if (extra.templateId !== undefined) headers['X-Template-Id'] = String(extra.templateId);
  if (extra.response) {
    headers['X-Response-Id'] = String(extra.response.id);
    headers['X-Response-Secret'] = extra.response.secret;
  }
  if (extra.staffPin !== undefined) headers['X-Staff-Pin'] = extra.staffPin;
  if (extra.botToken) headers['X-Bot-Token'] = extra.botToken;
  return headers;
};

/** Query string from a record: arrays are comma-joined, empty values dropped. */
export const buildQuery = (
  params: Record<string, string | number | boolean | readonly (string | number)[] | undefined | null>,
) => {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null) continue;
    const text = Array.isArray(value) ? value.join(',') : String(value);
    if (text !== '') search.set(key, text);
  }
  const query = search.toString();
  return query ? `?${query}` : '';
};
