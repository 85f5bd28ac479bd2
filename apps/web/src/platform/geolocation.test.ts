import { describe, expect, it } from 'vitest';
import { currentPosition, LocationError, locationProblemOf } from './geolocation';

const failing = (code: number): Geolocation =>
  ({
    getCurrentPosition: (_ok: PositionCallback, fail?: PositionErrorCallback | null) =>
      fail?.({ code, message: 'no' } as GeolocationPositionError),
  }) as Geolocation;

describe('geolocation', () => {
  it('resolves the coordinates of a fix, asking for a coarse and possibly cached one', async () => {
    let asked: PositionOptions | undefined;
    const geolocation = {
      getCurrentPosition: (ok: PositionCallback, _fail: unknown, options?: PositionOptions) => {
        asked = options;
        ok({ coords: { latitude: 53.48, longitude: -2.24 } } as GeolocationPosition);
      },
    } as Geolocation;
    await expect(currentPosition(geolocation)).resolves.toEqual({ latitude: 53.48, longitude: -2.24 });
    expect(asked).toMatchObject({ enableHighAccuracy: false });
    expect(asked?.maximumAge).toBeGreaterThan(0);
  });

  it.each([
    [1, 'denied'],
    [2, 'unavailable'],
    [3, 'timeout'],
  ] as const)('error code %i is %s', async (code, problem) => {
    const error = await currentPosition(failing(code)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LocationError);
    expect(locationProblemOf(error)).toBe(problem);
  });

  it('without the API the problem is unsupported', async () => {
    const error = await currentPosition(null).catch((e: unknown) => e);
    expect(locationProblemOf(error)).toBe('unsupported');
    expect(locationProblemOf(new Error('other'))).toBe('unavailable');
  });
});
