import { failureLimiter, type LimitTarget, type RateLimiter } from '../../src/services/rate-limit/limiter';
import { memoryRateLimitStore } from '../../src/services/rate-limit/memory-store';

/**
 * A real limiter (failureLimiter over the memory store) that no test about other behaviour reaches:
 * many failed lookups, registrations and staff PINs come from one address. Targets lose their own
 * ceilings (a branch's 25 staff-PIN failures, decision 0195) so the policy's huge limit counts for all.
 * The limits themselves are tested with the production limiters (rate-limit*.test.ts, lockout.test.ts).
 */
export function roomyLimiter(): RateLimiter {
  const limiter = failureLimiter(memoryRateLimitStore(), {
    name: 'roomy',
    limit: Number.MAX_SAFE_INTEGER,
    windowMs: 15 * 60_000,
  });
  const key = (target: LimitTarget) => (typeof target === 'string' ? target : target.key);
  return { ...limiter, reserve: (targets, now) => limiter.reserve(targets.map(key), now) };
}
