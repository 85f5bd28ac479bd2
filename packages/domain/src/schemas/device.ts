import { z } from 'zod';

const sha256Hex = z.string().regex(/^[0-9a-f]{64}$/, 'Expected a lowercase hex SHA-256');

/** Body of device.register and device.configure (D7): `pass` proves the branch passcode. */
export const deviceRegistrationSchema = z.object({
  configuration: z.object({ settingsPasscode: z.string().regex(/^\d{3,5}$/) }),
  pass: sha256Hex,
  uuid: z.string().min(1).max(64),
});
export type DeviceRegistration = z.infer<typeof deviceRegistrationSchema>;

export const deviceDeregistrationSchema = z.object({ pass: sha256Hex, uuid: z.string().min(1).max(64) });
export type DeviceDeregistration = z.infer<typeof deviceDeregistrationSchema>;

/** device.register's answer: the device token is the long-lived credential (architecture decision). */
export const deviceRegistrationResponseSchema = z.object({
  token: z.string().min(22),
  deviceId: z.string(),
  branchId: z.number().int().positive(),
  companyKey: z.string(),
});
export type DeviceRegistrationResponse = z.infer<typeof deviceRegistrationResponseSchema>;
