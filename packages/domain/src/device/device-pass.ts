/**
 * The spec's `pass` (D7): lowercase hex SHA-256 of the upper-cased device id followed by the passcode.
 * The tablet sends it and the server checks it, so both take it from here. Web Crypto: the same code
 * in the browser and in Node; a hash is a computation, not I/O.
 */
export async function devicePass(deviceId: string, passcode: string): Promise<string> {
  const digest = await globalThis.crypto.subtle.digest(
    'SHA-256',
    new TextEncoder().encode(`${deviceId.toUpperCase()}${passcode}`),
  );
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}
