import { ErrorCodes } from '@venue-voice/domain';
import type { TFunction } from 'i18next';
import { failureCode } from '../../platform/api-failure';

/**
 * The text of a failed device call (D8): the device's own messages for the codes the spec names, the
 * server's message when it is meant for the screen, the raw message when no answer arrived, else the
 * generic API text.
 */
export function deviceFailureText(error: unknown, t: TFunction<'device'>): string {
  const code = failureCode(error);
  if (code === ErrorCodes.INVALID_DEVICE_REFERENCE) return t('errors.deviceDisabled');
  if (code === ErrorCodes.DEVICE_ALREADY_USED) return t('errors.deviceUsed');
  if (code === ErrorCodes.DEVICE_REGISTRATION_NOT_AUTHENTICATED) return t('errors.wrongPasscode');
  const failure = error as { ui?: unknown; message?: unknown; status?: unknown } | null;
  if (failure?.ui === true && typeof failure.message === 'string') return failure.message;
  if (failure?.status === 0 && typeof failure.message === 'string') return failure.message;
  return t('api.responseError', { ns: 'translation' });
}
