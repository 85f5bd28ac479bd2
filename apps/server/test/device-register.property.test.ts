import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devices } from '../src/db/schema';
import { databases } from './databases';
import { type DeviceApp, passFor, startDeviceApp } from './device-fixtures';
import { roomyLimiter } from './support/limiters';

// Near-valid values mixed with junk, so random requests reach every check, down to the database.
const companyKey = fc.oneof(fc.constant('demo'), fc.constant('other'), fc.string({ maxLength: 40 }));
const branch = fc.oneof(
  fc.constantFrom('1', '2', '0', '99', '2147483648', ' 1 '),
  fc.string({ maxLength: 15 }),
);
const deviceId = fc.oneof(fc.stringMatching(/^[A-Za-z0-9_-]{1,70}$/), fc.string({ maxLength: 70 }));
const settingsPasscode = fc.oneof(fc.stringMatching(/^\d{1,7}$/), fc.string({ maxLength: 8 }), fc.integer());
const junk = fc.oneof(fc.constant(undefined), fc.constant(null), fc.integer(), fc.string({ maxLength: 80 }));

describe.each(databases())('device.register never fails on our side on $name', (target) => {
  let h: DeviceApp;
  beforeAll(async () => {
    h = await startDeviceApp(target, { registrationLimiter: roomyLimiter() });
  });
  afterAll(() => h?.close());

  it('any headers and body answer 200 or a 4xx with a spec code; a 4xx registers nothing', async () => {
    await fc.assert(
      fc.asyncProperty(
        companyKey,
        branch,
        deviceId,
        settingsPasscode,
        fc.oneof(fc.constant('demo1'), fc.string({ maxLength: 6 })),
        fc.oneof(fc.constant('good'), junk),
        fc.oneof(fc.constant('good'), junk),
        async (company, branchText, id, settings, passcode, passChoice, uuidChoice) => {
          // Header values the HTTP layer can carry at all (printable, no line breaks).
          const safe = (text: string) => text.replace(/[^\x20-\x7e]/g, '');
          const headers = {
            'x-company': safe(company),
            'x-branch': safe(branchText),
            'x-device-id': safe(id),
          };
          const before = (await h.database.db.select({ id: devices.id }).from(devices)).length;
          const response = await h.app.inject({
            method: 'POST',
            url: '/api/v1/device/register',
            headers,
            payload: {
              configuration: { settingsPasscode: settings },
              pass: passChoice === 'good' ? passFor(headers['x-device-id'].trim(), passcode) : passChoice,
              uuid: uuidChoice === 'good' ? 'prop-uuid' : uuidChoice,
            },
          });
          const after = (await h.database.db.select({ id: devices.id }).from(devices)).length;
          expect(response.statusCode).toBeLessThan(500);
          if (response.statusCode === 200) return;
          expect(response.json().error.code).toBeGreaterThanOrEqual(10000);
          expect(after).toBe(before);
        },
      ),
      { numRuns: 150 },
    );
  });
});
