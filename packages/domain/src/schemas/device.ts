import { z } from 'zod';
import { branchSchema } from './branch';
import { positiveId } from './common';

const sha256Hex = z
  .string()
  .regex(/^[0-9a-f]{64}$/, 'Expected a lowercase hex SHA-256')
  .describe('Hex SHA-256 of deviceId.toUpperCase() + the branch device passcode');
const uuid = z.string().min(1).max(64).describe("The installation's uuid (kept across device resets)");
// Shape only: the server applies the D5 rules itself and answers 10025 with per-field detail.
const configuration = z.object({
  settingsPasscode: z.string().max(64).describe('D5: 3 to 5 digits; the tablet’s settings-area lock'),
});

/** Body of device.register (D7): `pass` proves the branch passcode once; headers carry company, branch, device id. */
export const deviceRegistrationSchema = z.object({ configuration, pass: sha256Hex, uuid });
export type DeviceRegistration = z.infer<typeof deviceRegistrationSchema>;

/**
 * Body of device.configure (D7, update mode). The device token authenticates it: the tablet keeps no
 * branch passcode, so `pass` is accepted for the spec's shape but not required (decision 0081).
 */
export const deviceConfigurationSchema = z.object({ configuration, pass: sha256Hex.optional(), uuid });
export type DeviceConfiguration = z.infer<typeof deviceConfigurationSchema>;

/** Body of device.deregister (D7): the token authenticates; `pass` as for device.configure. */
export const deviceDeregistrationSchema = z.object({ pass: sha256Hex.optional(), uuid });
export type DeviceDeregistration = z.infer<typeof deviceDeregistrationSchema>;

/** device.register's answer: the device token is the long-lived credential (architecture decision). */
export const deviceRegistrationResponseSchema = z.object({
  token: z.string().min(22).describe('Bearer token for app-mode calls; shown once, stored only hashed'),
  deviceId: z.string(),
  uuid: z.string(),
  branchId: positiveId,
  companyKey: z.string(),
  settingsPasscode: z.string(),
  branch: branchSchema,
  registeredAt: z.iso.datetime({ offset: true }),
});
export type DeviceRegistrationResponse = z.infer<typeof deviceRegistrationResponseSchema>;

/** device.configure's answer: what the server now holds for the device. */
export const deviceConfigurationResponseSchema = z.object({
  deviceId: z.string(),
  uuid: z.string(),
  settingsPasscode: z.string(),
});
export type DeviceConfigurationResponse = z.infer<typeof deviceConfigurationResponseSchema>;

/** device.deregister's answer: the token is revoked; later calls with it answer 401 10005. */
export const deviceDeregistrationResponseSchema = z.object({
  deviceId: z.string(),
  deregistered: z.literal(true),
});
export type DeviceDeregistrationResponse = z.infer<typeof deviceDeregistrationResponseSchema>;
