import {
  BYTE_FORMAT_BASE,
  ErrorCodes,
  type Language,
  PHOTO_MAX_BYTES,
  type ValidationError,
  validatePhotoSize,
} from '@venue-voice/domain';
import { failureCode, guestMessage } from '../../platform/api-failure';
import type { PhotoProblem, RefusalReason } from './prepare-photo';

/** Why the photo was not taken: the browser's findings, a server refusal, or anything else. */
export type UploadProblem = PhotoProblem | { ok: false; problem: 'other'; message: string | null };

const REASONS: readonly RefusalReason[] = ['svg', 'heic', 'notImage', 'unreadable', 'tooManyPixels'];

/**
 * A refusal of survey.upload.upsert as the guest's message: 10027 carries `detail.reason`
 * (decision 0030), whose English server text is not meant for the screen (`ui` false), so the reason
 * picks a translated one. Anything else: the server's message when meant for the guest (G8).
 */
export function problemOfFailure(error: unknown): UploadProblem {
  const failure = (error ?? {}) as { detail?: { reason?: unknown } | null };
  if (failureCode(error) === ErrorCodes.UPLOAD) {
    const reason = failure.detail?.reason;
    if (reason === 'tooLarge') {
      // The same rule as the browser's, so the same message.
      return { ok: false, problem: 'invalid', error: validatePhotoSize(PHOTO_MAX_BYTES) as ValidationError };
    }
    if (REASONS.includes(reason as RefusalReason))
      return { ok: false, problem: 'refused', reason: reason as RefusalReason };
  }
  return { ok: false, problem: 'other', message: guestMessage(error) };
}

const BYTE_UNITS = ['byte', 'kilobyte', 'megabyte', 'gigabyte'] as const;

/** G9: a byte count in the guest's language, base 1000 (10,000,000 → "10 MB"). */
export function formatBytes(bytes: number, language: Language): string {
  let value = bytes;
  let unit = 0;
  while (value >= BYTE_FORMAT_BASE && unit < BYTE_UNITS.length - 1) {
    value /= BYTE_FORMAT_BASE;
    unit += 1;
  }
  return new Intl.NumberFormat(Intl.getCanonicalLocales(language)[0], {
    style: 'unit',
    unit: BYTE_UNITS[unit],
    unitDisplay: 'short',
    maximumFractionDigits: 1,
  }).format(value);
}
