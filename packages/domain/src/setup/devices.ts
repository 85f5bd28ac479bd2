/** Tablets in the console (O3.14–O3.16, decision 0212). */
import { DEVICE_PASSCODE_LENGTH } from '../constants';
import { alphaNumLower, firstError, maxChars, minChars, required } from '../validation/shared';

/** active: registered and enabled; disabled: refused with 10030 whatever its token; released: no token. */
export const DEVICE_STATES = ['active', 'disabled', 'released'] as const;
export type ConsoleDeviceState = (typeof DEVICE_STATES)[number];

/** O3.14 A device's state: disabled wins (it cannot register again until enabled), then released. */
export const deviceState = (device: { enabled: boolean; registered: boolean }): ConsoleDeviceState =>
  !device.enabled ? 'disabled' : device.registered ? 'active' : 'released';

/** The request header a tablet reports its held responses in, on every call (decision 0212). */
export const DEVICE_QUEUE_HEADER = 'X-Device-Queue';
/** More than this is not a tablet's count: ignored rather than stored. */
export const HELD_RESPONSES_MAX = 1_000_000;

/**
 * O3.15 The held-responses count of an X-Device-Queue value: a whole number 0–1,000,000 in decimal
 * digits; anything else is ignored (null), never an error, so a report can never fail a tablet's call.
 */
export function parseHeldResponses(value: string | readonly string[] | undefined): number | null {
  const text = (Array.isArray(value) ? value[0] : value)?.trim() ?? '';
  if (!/^\d{1,7}$/.test(text)) return null;
  const count = Number(text);
  return count <= HELD_RESPONSES_MAX ? count : null;
}

const PASSCODE_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

/**
 * O3.16 A new device passcode: DEVICE_PASSCODE_LENGTH characters drawn uniformly from a–z and 0–9 by
 * `randomIndex(n)` (an integer in [0, n): the server passes crypto.randomInt), so it always passes D5.4.
 */
export function newDevicePasscode(randomIndex: (n: number) => number): string {
  let passcode = '';
  for (let i = 0; i < DEVICE_PASSCODE_LENGTH; i += 1) {
    passcode += PASSCODE_ALPHABET[randomIndex(PASSCODE_ALPHABET.length)] ?? '';
  }
  const fault = firstError(passcode, [
    required,
    alphaNumLower,
    minChars(DEVICE_PASSCODE_LENGTH),
    maxChars(DEVICE_PASSCODE_LENGTH),
  ]);
  if (fault)
    throw new RangeError(`newDevicePasscode: randomIndex gave a passcode D5.4 refuses (${fault.key})`);
  return passcode;
}
