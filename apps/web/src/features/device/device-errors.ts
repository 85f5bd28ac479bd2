import { ErrorCodes } from '@venue-voice/domain';
import type { TFunction } from 'i18next';
import { failureCode, failureMessage, retryAfterMinutes } from '../../platform/api-failure';

/**
 * The text of a failed device call (D8): the device's own messages for the codes the spec names, the
 * refusal after too many tries with its wait, the server's message when it is meant for the screen, the
 * raw message when no answer arrived, else the generic API text.
 */
export function deviceFailureText(error: unknown, t: TFunction<'device'>): string {
  const code = failureCode(error);
  if (code === ErrorCodes.INVALID_DEVICE_REFERENCE) return t('errors.deviceDisabled');
  if (code === ErrorCodes.DEVICE_ALREADY_USED) return t('errors.deviceUsed');
  if (code === ErrorCodes.DEVICE_REGISTRATION_NOT_AUTHENTICATED) return t('errors.wrongPasscode');
  // Too many failed registrations (5 per 15 minutes): when to try again.
  const wait = retryAfterMinutes(error);
  if (wait !== null) return t('api.tooManyTries', { ns: 'translation', count: wait });
  return failureMessage(error) ?? t('api.responseError', { ns: 'translation' });
}
