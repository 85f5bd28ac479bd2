import { AppError, ErrorCodes } from '@venue-voice/domain';
import type { LimitTarget, RateLimiter } from './limiter';

/** Where a service may write what went wrong on its side (a route passes the request's logger). */
export interface ServiceLog {
  error(details: Record<string, unknown>, message: string): void;
}

/** A limited attempt's parts, plain data: the error handler turns a 429's retryAfterSeconds into Retry-After. */
export interface LimitDeps {
  limiter: RateLimiter;
  log: ServiceLog;
  now: Date;
}

/**
 * Reserves one attempt against every target, the shape shared by lookups and device registration:
 * refused with 429 10021 and Retry-After once a target has had its failures; a broken limiter store
 * answers 503 10021, so nothing guarded runs unguarded. Returns the reservation's `release`, which the
 * caller calls once the attempt did not fail. `refusal` words the 429's message from the minutes left.
 */
export async function reserveAttempt(
  deps: LimitDeps,
  targets: readonly LimitTarget[],
  refusal: (minutes: number) => string,
): Promise<() => Promise<void>> {
  const { limiter, log, now } = deps;
  let reservation: Awaited<ReturnType<RateLimiter['reserve']>>;
  try {
    reservation = await limiter.reserve(targets, now);
  } catch (error) {
    log.error({ err: error }, 'rate limit store unavailable');
    throw new AppError(ErrorCodes.SERVICE_UNAVAILABLE);
  }
  if (!reservation.allowed) {
    const seconds = reservation.retryAfterSeconds;
    throw new AppError(ErrorCodes.SERVICE_UNAVAILABLE, {
      status: 429,
      message: refusal(Math.ceil(seconds / 60)),
      detail: { retryAfterSeconds: seconds },
      // Decision 0051: the client shows its own translated text for 10021, never this message.
      ui: false,
    });
  }
  return reservation.release;
}
