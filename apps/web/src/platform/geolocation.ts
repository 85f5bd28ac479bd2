/**
 * The browser's position, behind one function so screens and tests never touch navigator.geolocation.
 * Only a coarse, possibly cached fix is asked for: finding the nearest venue needs no GPS precision,
 * and a quick answer matters more on a phone with a weak signal.
 */
import type { Coordinates } from './api';

/** Why no position came: the guest said no, the device could not tell, it took too long, or no API. */
export type LocationProblem = 'denied' | 'unavailable' | 'timeout' | 'unsupported';

export class LocationError extends Error {
  constructor(readonly problem: LocationProblem) {
    super(`Location ${problem}`);
    this.name = 'LocationError';
  }
}

const TIMEOUT_MS = 15_000;
/** A fix up to five minutes old is as good as a new one for "which venue is near". */
const MAXIMUM_AGE_MS = 5 * 60_000;

/** GeolocationPositionError codes (PERMISSION_DENIED 1, POSITION_UNAVAILABLE 2, TIMEOUT 3). */
const problemOf = (code: number): LocationProblem =>
  code === 1 ? 'denied' : code === 3 ? 'timeout' : 'unavailable';

/** The current position; rejects with a LocationError saying why there is none. */
export function currentPosition(
  geolocation: Geolocation | null = globalThis.navigator?.geolocation ?? null,
): Promise<Coordinates> {
  return new Promise((resolve, reject) => {
    if (!geolocation) {
      reject(new LocationError('unsupported'));
      return;
    }
    geolocation.getCurrentPosition(
      ({ coords }) => resolve({ latitude: coords.latitude, longitude: coords.longitude }),
      (error) => reject(new LocationError(problemOf(error.code))),
      { enableHighAccuracy: false, timeout: TIMEOUT_MS, maximumAge: MAXIMUM_AGE_MS },
    );
  });
}

/** The problem of any failure of currentPosition (anything unexpected counts as unavailable). */
export const locationProblemOf = (error: unknown): LocationProblem =>
  error instanceof LocationError ? error.problem : 'unavailable';
