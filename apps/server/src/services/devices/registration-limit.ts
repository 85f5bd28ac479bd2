import { AppError } from '@venue-voice/domain';
import type { FailurePolicy, LimitTarget } from '../rate-limit/limiter';
import { canonicalId } from '../rate-limit/lookup-limit';
import { type LimitDeps, reserveAttempt } from '../rate-limit/reserve-attempt';

/**
 * device.register: at most 5 failed attempts per 15 minutes per device id at a branch (issue 9's bar).
 * The window is the lookups' one, so the hourly cleanup of decision 0051 clears these counters too.
 */
export const REGISTRATION_POLICY: FailurePolicy = { name: 'register', limit: 5, windowMs: 15 * 60_000 };

/**
 * Failures one address may make at one branch: twice a device id's, so the venue's other tablets behind
 * the same router still register after one person's five wrong tries (decision 0195).
 */
export const REGISTRATION_ADDRESS_LIMIT = 10;

/**
 * The ceiling of a whole branch, and of one address over every company and branch: what guesses spread
 * over new device ids and addresses get (36^5 passcodes, decision 0080), and one person never reaches.
 */
export const REGISTRATION_CEILING = 25;

/**
 * Who a failed registration counts against (decisions 0082, 0195): the device id and the client address,
 * each at the branch asked for, so one device's wrong tries lock neither the branch's other devices nor
 * other branches; the branch itself with a higher ceiling, so a passcode cannot be guessed by spreading
 * tries over many device ids and addresses; and the address alone with that ceiling, so one address
 * cannot try company keys and branch ids without end.
 */
export const registrationTargets = (input: {
  companyKey: string;
  branch: string;
  deviceId: string;
  address: string;
}): LimitTarget[] => {
  // "01" and "1" are one branch to the registration (parseId), so one counter (issue 9's brute-force test).
  const branch = [input.companyKey, canonicalId(input.branch)];
  // JSON, not a join: a company key or device id holding ":" must not name another target's counter.
  const key = (kind: string, parts: string[]) => `${kind}:${JSON.stringify(parts)}`;
  return [
    key('device', [...branch, input.deviceId]),
    { key: key('address', [...branch, input.address]), limit: REGISTRATION_ADDRESS_LIMIT },
    { key: key('branch', branch), limit: REGISTRATION_CEILING },
    { key: key('any-branch-address', [input.address]), limit: REGISTRATION_CEILING },
  ];
};

/**
 * Runs a registration attempt under the limiter (`reserveAttempt`: 429 or 503 10021). `run` calls
 * `accepted()` once the pass proved right, from which point the attempt no longer counts (a 10017 or
 * 10030 after a right pass is not a guess); a fault of ours never counts.
 */
export async function limitRegistration<T>(
  deps: LimitDeps,
  targets: readonly LimitTarget[],
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
