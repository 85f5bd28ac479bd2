export { API_BASE, CALLS, type CallName } from './calls';
export {
  type ApiClient,
  type ClientOptions,
  createApiClient,
  type MenuQuery,
  type TransactionQuery,
} from './client';
export type { DeviceRegistrationInput } from './device';
export { type Conditional, fetchDeviceConfig } from './device-config';
export { ApiFailure, failureFromResponse, failureFromThrown, GENERIC_API_MESSAGE } from './errors';
export { buildHeaders, buildQuery, type CallHeaders, type Credentials } from './headers';
export type { ManageActor, StaffMemberInput } from './manage';
export { preloadSchemas } from './request';
export type { ResponseCredentials } from './responses';
