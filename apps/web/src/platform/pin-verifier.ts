/**
 * The tablet's offline check of a staff PIN (decision 0197): the server sends each member's PIN as a
 * PBKDF2-SHA256 verifier made for this device, never the PIN; WebCrypto derives the typed PIN's hash
 * with the same salt and rounds. WebCrypto exists wherever the app's service worker does (a secure
 * context: HTTPS or localhost).
 */
import type { PinVerifier } from '@venue-voice/domain';

const fromBase64url = (text: string): Uint8Array<ArrayBuffer> => {
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
};

const toBase64url = (bytes: Uint8Array): string =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');

/** PBKDF2-HMAC-SHA256 of the PIN's UTF-8 bytes, 32 bytes, base64url: the server's `pinHash`. */
export async function pinHash(pin: string, salt: string, iterations: number): Promise<string> {
  const subtle = globalThis.crypto?.subtle;
  if (!subtle) throw new Error('No WebCrypto (crypto.subtle) here: a staff PIN cannot be checked');
  const key = await subtle.importKey('raw', new TextEncoder().encode(pin), 'PBKDF2', false, ['deriveBits']);
  const bits = await subtle.deriveBits(
    { name: 'PBKDF2', hash: 'SHA-256', salt: fromBase64url(salt), iterations },
    key,
    256,
  );
  return toBase64url(new Uint8Array(bits));
}

/**
 * The ids of the members whose verifier the typed PIN matches. A device's verifiers share its salt, so
 * one derivation (50–100 ms on a tablet) checks the whole team; a member without one matches nothing.
 */
export async function pinHolders(
  pin: string,
  members: readonly { id: number; pinVerifier?: PinVerifier | null }[],
): Promise<Set<number>> {
  const hashes = new Map<string, Promise<string>>();
  const holders = new Set<number>();
  for (const { id, pinVerifier: verifier } of members) {
    if (!verifier) continue;
    const params = `${verifier.iterations}:${verifier.salt}`;
    let hash = hashes.get(params);
    if (!hash) {
      hash = pinHash(pin, verifier.salt, verifier.iterations);
      hashes.set(params, hash);
    }
    if ((await hash) === verifier.hash) holders.add(id);
  }
  return holders;
}
