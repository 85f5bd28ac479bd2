import { ErrorCodes } from '@venue-voice/domain';
import type { TFunction } from 'i18next';
import { failureCode, failureStatus, retryAfterSeconds, screenMessage } from '../platform/failures';

/** The text of a failed call: by its code where the console has its own words, else the server's or generic. */
export function failureText(error: unknown, t: TFunction): string {
  const status = failureStatus(error);
  if (status === 0) return t('errors.offline');
  const wait = retryAfterSeconds(error);
  if (wait !== null) return t('errors.tooMany', { minutes: Math.ceil(wait / 60) });
  switch (failureCode(error)) {
    case ErrorCodes.NOT_PERMITTED:
      return t('errors.notPermitted');
    case ErrorCodes.INVALID_BRANCH_REFERENCE:
    case ErrorCodes.RESOURCE_NOT_FOUND:
      return t('errors.notFound');
    case ErrorCodes.NOT_AUTHENTICATED:
      return t('errors.signedOut');
  }
  return screenMessage(error) ?? t('errors.failed');
}
