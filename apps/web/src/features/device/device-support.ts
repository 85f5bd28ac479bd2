/**
 * Whether this browser can be a registered device (decision 0085): the device's state and its
 * offline responses live in IndexedDB, and the response ids need crypto.randomUUID. Without them a
 * registration would be lost at the next reload, so the register button stays disabled (D2).
 */
export function deviceSupported(
  scope: { indexedDB?: unknown; crypto?: { randomUUID?: unknown } } = globalThis,
): boolean {
  return scope.indexedDB !== undefined && typeof scope.crypto?.randomUUID === 'function';
}
