import { createRateLimitStore, failureLimiter, type RateLimiter, type RateLimiterConfig } from './limiter';
import { memoryRateLimitStore } from './memory-store';

/** How many anonymous (web) creates and vouchers one address and one survey get (decision 0189). */
export interface CreateLimits {
  /** Web creates per client address in any span of `windowMinutes`, across the company's surveys. */
  perAddress: number;
  /** Web creates per survey in any span of `windowMinutes`, whatever the addresses. */
  perSurvey: number;
  windowMinutes: number;
  /** Vouchers per client address per day for web creates with no receipt or table check behind them. */
  vouchersPerAddressPerDay: number;
}

/** The defaults: a busy venue's guest Wi-Fi (one address) stays well inside them (decision 0189). */
export const DEFAULT_CREATE_LIMITS: CreateLimits = {
  perAddress: 30,
  perSurvey: 1000,
  windowMinutes: 10,
  vouchersPerAddressPerDay: 3,
};

const DAY_MS = 86_400_000;

export interface CreateLimiters {
  limits: CreateLimits;
  /** Counts web creates: per address and per survey. */
  creates: RateLimiter;
  /** Counts vouchers given to web creates without a receipt: per address per day. */
  vouchers: RateLimiter;
  close(): Promise<void>;
}

/**
 * The limiters of anonymous creates. Counted on every create, so kept in Redis when the replicas share
 * one (REDIS_URL), else in this process's memory: a database write per create would halve the submit
 * path's throughput, and PGlite is one process anyway.
 */
export function createLimiters(config: RateLimiterConfig, limits: CreateLimits): CreateLimiters {
  const store = config.redisUrl ? createRateLimitStore(config) : memoryRateLimitStore();
  const creates = failureLimiter(store, {
    name: 'create',
    limit: limits.perAddress,
    windowMs: limits.windowMinutes * 60_000,
  });
  const vouchers = failureLimiter(store, {
    name: 'voucher',
    limit: limits.vouchersPerAddressPerDay,
    windowMs: DAY_MS,
  });
  return { limits, creates, vouchers, close: () => store.close() };
}

/** Who a web create counts against: its address within the company, and its survey (a wider ceiling). */
export const createTargets = (companyId: number, address: string, surveyId: number, limits: CreateLimits) => [
  `company:${companyId}|address:${address}`,
  { key: `survey:${surveyId}`, limit: limits.perSurvey },
];

/** Who a voucher without a receipt counts against: the address, whatever the company. */
export const voucherTargets = (address: string) => [`address:${address}`];
