import { AppError, ErrorCodes } from '@venue-voice/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { LookupKey } from '../transaction-lookup';
import type { RateLimiter } from './limiter';

export interface LookupTargetInput {
  companyId: number;
  /** Web mode: the slug's survey. */
  surveyId: number | null;
  /** App mode: the authenticated device row. */
  deviceId: number | null;
  /** Fastify's request.ip: the socket's address while trustProxy is off (decision 0051). */
  address: string;
  /** The branch as asked for (a guess at another branch is a guess too). */
  branch: string;
  key: LookupKey;
}

/**
 * Who a failed lookup counts against. The caller: a device (authenticated; its address adds nothing but a
 * way around the limit) or a survey slug with the client address. And for receipt PINs also the PIN
 * itself at its branch, whatever the address, so a botnet cannot share out guesses of one PIN. Table
 * numbers get no such target: they are few and printed on the tables, and locking one would let anyone
 * shut a table's guests out of the lookup.
 */
export function lookupTargets(input: LookupTargetInput): string[] {
  const caller =
    input.deviceId !== null
      ? `device:${input.deviceId}`
      : `survey:${input.surveyId ?? 0}|address:${input.address}`;
  const targets = [caller];
  if (input.key.kind === 'pin') {
    targets.push(`pin:${input.companyId}:${input.branch}:${input.key.pinType}:${input.key.value}`);
  }
  return targets;
}

/**
 * Runs a lookup under the limiter: refused with 429 (code 10021, Retry-After) once a target has had its
 * failures; a lookup that finds something is released and never counts, so a busy table or a good
 * receipt is never locked out. A broken limiter store answers 503 10021: the lookup is not run unguarded.
 */
export async function limitLookup<T>(
  deps: { limiter: RateLimiter; request: FastifyRequest; reply: FastifyReply; now: Date },
  targets: readonly string[],
  lookup: () => Promise<T>,
  found: (result: T) => boolean,
): Promise<T> {
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
      message: `Too many lookups found nothing; try again in ${Math.ceil(seconds / 60)} min`,
      detail: { retryAfterSeconds: seconds },
    });
  }
  let result: T;
  try {
    result = await lookup();
  } catch (error) {
    // Our fault, not a wrong guess: it must not count.
    await reservation.release().catch(() => undefined);
    throw error;
  }
  if (found(result)) {
    await reservation
      .release()
      .catch((error) => request.log.error({ err: error }, 'rate limit release failed'));
  }
  return result;
}
