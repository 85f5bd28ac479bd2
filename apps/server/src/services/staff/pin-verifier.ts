import { createHash, pbkdf2 } from 'node:crypto';
import { promisify } from 'node:util';
import { PIN_VERIFIER_ITERATIONS, type PinVerifier } from '@venue-voice/domain';

const derive = promisify(pbkdf2);

/**
 * A device's salt for its members' PIN verifiers (decision 0197): 16 bytes named by the company, the
 * device's row and its X-Device-Id, so every tablet gets its own verifiers and work spent on one
 * tablet's copy is no head start on another's. Made, not stored: the same device always gets the same
 * verifiers, so its config's ETag holds across restarts.
 */
export function deviceSalt(companyId: number, device: { id: number; deviceId: string }): string {
  return createHash('sha256')
    .update(`venue-voice staff PIN salt\u0000${companyId}\u0000${device.id}\u0000${device.deviceId}`)
    .digest()
    .subarray(0, 16)
    .toString('base64url');
}

/** Verifiers already made, by salt and PIN: a config is rebuilt every few seconds, a PIN rarely changes. */
const made = new Map<string, Promise<string>>();
const MAX_MADE = 10_000;

/** PBKDF2-HMAC-SHA256 of the PIN's UTF-8 bytes, 32 bytes, base64url: what the tablet's WebCrypto makes. */
export const pinHash = async (pin: string, salt: string, iterations: number): Promise<string> =>
  (await derive(pin, Buffer.from(salt, 'base64url'), iterations, 32, 'sha256')).toString('base64url');

/** The verifier of one member's PIN for the device whose salt this is. */
export async function pinVerifier(pin: string, salt: string): Promise<PinVerifier> {
  const key = `${salt}\u0000${pin}`;
  let hash = made.get(key);
  if (!hash) {
    if (made.size >= MAX_MADE) made.clear();
    hash = pinHash(pin, salt, PIN_VERIFIER_ITERATIONS);
    made.set(key, hash);
    hash.catch(() => made.delete(key));
  }
  return { algorithm: 'PBKDF2-SHA256', iterations: PIN_VERIFIER_ITERATIONS, salt, hash: await hash };
}
