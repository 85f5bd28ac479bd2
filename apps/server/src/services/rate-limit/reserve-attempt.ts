import { AppError, ErrorCodes } from '@venue-voice/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { LimitTarget, RateLimiter } from './limiter';

export interface LimitDeps {
  limiter: RateLimiter;
  request: FastifyRequest;
  reply: FastifyReply;
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
  const { limiter, request, reply, now } = deps;
  let reservation: Awaited<ReturnType<RateLimiter['reserve']>>;
  try {
    reservation = await limiter.reserve(targets, now);
  } catch (error) {
    request.log.error({ err: error }, 'rate limit store unavailable');
    throw new AppError(ErrorCodes.SERVICE_UNAVAILABLE);
  }
  if (!reservation.allowed) {
    const seconds = reservation.retryAfterSeconds;
    reply.header('retry-after', String(seconds));
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
