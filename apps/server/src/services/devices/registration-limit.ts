import { AppError } from '@venue-voice/domain';
import type { FailurePolicy } from '../rate-limit/limiter';
import { canonicalId } from '../rate-limit/lookup-limit';
import { type LimitDeps, reserveAttempt } from '../rate-limit/reserve-attempt';

/**
 * device.register: at most 5 failed attempts per 15 minutes per target (issue 9's bar). The window is
 * the lookups' one, so the hourly cleanup of decision 0051 clears these counters too.
 */
export const REGISTRATION_POLICY: FailurePolicy = { name: 'register', limit: 5, windowMs: 15 * 60_000 };

/**
 * Who a failed registration counts against (decision 0082): the device id in its company, the client
 * address, and the branch as asked for, so a passcode cannot be guessed by spreading tries over many
 * device ids or many addresses (36^5 passcodes, 5 tries per 15 minutes per branch).
 */
export const registrationTargets = (input: {
  companyKey: string;
  branch: string;
  deviceId: string;
  address: string;
}): string[] => [
  `device:${input.companyKey}:${input.deviceId}`,
  `address:${input.address}`,
  // "01" and "1" are one branch to the registration (parseId), so one counter (issue 9's brute-force test).
  `branch:${input.companyKey}:${canonicalId(input.branch)}`,
];

/**
 * Runs a registration attempt under the limiter (`reserveAttempt`: 429 or 503 10021). `run` calls
 * `accepted()` once the pass proved right, from which point the attempt no longer counts (a 10017 or
 * 10030 after a right pass is not a guess); a fault of ours never counts.
 */
export async function limitRegistration<T>(
  deps: LimitDeps,
  targets: readonly string[],
  run: (accepted: () => Promise<void>) => Promise<T>,
): Promise<T> {
  const release = await reserveAttempt(
    deps,
    targets,
    (minutes) => `Too many failed registration attempts; try again in ${minutes} min`,
  );
  try {
    return await run(release);
  } catch (error) {
    if (!(error instanceof AppError)) await release().catch(() => undefined);
    throw error;
  }
}
