// Integration keys (issue 30 item 5): what /integrations/* calls authenticate with; the responses pull
// for BI tools (item 7).
export { cachedKey, forgetKey, KEY_CACHE_MS } from './key-cache';
export { createKeyUsage, type KeyUsage, LAST_USED_INTERVAL_MS } from './key-usage';
export { findKey, hashKey, type IntegrationCaller, KEY_PREFIX, newKey } from './keys';
export { createKey, listKeys, revokeKey } from './manage';
export { createKeyRequestLimit, type KeyRequestLimit, keyRequestLimit } from './request-limit';
export { PULL_SETTLE_MS, pullResponses } from './responses-pull';
