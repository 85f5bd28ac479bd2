import {
  AppError,
  ErrorCodes,
  type RegistrationField,
  type RegistrationMode,
  validateRegistration,
} from '@venue-voice/domain';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';

/** Where each D5 field of the register form travels in a device call (api.md). */
const LOCATION: Partial<Record<RegistrationField, { in: 'headers' | 'body'; field: string }>> = {
  companyKey: { in: 'headers', field: 'x-company' },
  branchId: { in: 'headers', field: 'x-branch' },
  deviceId: { in: 'headers', field: 'x-device-id' },
  settingsPasscode: { in: 'body', field: 'configuration.settingsPasscode' },
};

/** A header's text, trimmed (D5 trims branch and device ids); '' when absent. */
export function headerText(request: FastifyRequest, name: string): string {
  const value = request.headers[name];
  return ((Array.isArray(value) ? value[0] : value) ?? '').trim();
}

/**
 * Applies the domain's D5 rules to the fields a device call carries and answers 10025 with one entry per
 * failing field (`message` is the message key the tablet translates, as for contact details). The
 * passcode itself never travels (only `pass`), and the confirmation is the form's own business.
 */
export function assertRegistrationFields(
  mode: RegistrationMode,
  values: { companyKey?: string; branchId?: string; deviceId?: string; settingsPasscode: string },
): void {
  const errors = validateRegistration({ ...values, settingsPasscodeConfirm: values.settingsPasscode }, mode);
  const fields = Object.entries(errors).flatMap(([name, error]) => {
    const where = LOCATION[name as RegistrationField];
    return where && error
      ? [{ ...where, message: error.key, ...(error.params ? { params: error.params } : {}) }]
      : [];
  });
  if (fields.length > 0) {
    throw new AppError(ErrorCodes.FORM_VALIDATION, {
      message: `Invalid device registration: ${fields.map((f) => f.field).join(', ')}`,
      detail: { fields },
    });
  }
}

/** The headers device.register reads, declared so the OpenAPI document shows them (checked by D5 above). */
export const registrationHeaders = z
  .object({
    'x-company': z.string().optional().describe('D5: company key, lowercase letters and digits, max 32'),
    'x-branch': z.string().optional().describe('D5: branch id, digits, max 12'),
    'x-device-id': z.string().optional().describe('D5: letters, digits, dashes, underscores; 3 to 64'),
  })
  .loose();

/** The headers of an app-mode call. */
export const appHeaders = z
  .object({
    'x-auth-type': z.string().optional().describe('app'),
    'x-device-id': z.string().optional().describe('The registered device id'),
    authorization: z.string().optional().describe('Bearer <device token from device.register>'),
    'x-device-queue': z
      .string()
      .optional()
      .describe(
        'Responses the tablet holds (0–1000000), for the console; any other value is ignored (O3.15)',
      ),
  })
  .loose();
