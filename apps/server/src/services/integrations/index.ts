// Integration keys (issue 30 item 5): what /integrations/* calls authenticate with.
export { findKey, hashKey, type IntegrationCaller, KEY_PREFIX, newKey } from './keys';
