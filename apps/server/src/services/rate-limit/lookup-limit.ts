import type { LookupKey } from '../transaction-lookup';
import { type LimitDeps, reserveAttempt } from './reserve-attempt';

export interface LookupTargetInput {
  companyId: number;
  /** Web mode: the slug's survey. */
  surveyId: number | null;
  /** App mode: the authenticated device row. */
  deviceId: number | null;
  /** Fastify's request.ip: the TCP peer, or the client a TRUST_PROXY proxy names (decisions 0051, 0146). */
  address: string;
  /** The branch as asked for (a guess at another branch is a guess too). */
  branch: string;
  key: LookupKey;
}

/**
 * Who a failed lookup counts against. The caller: a device (authenticated; its address adds nothing but a
 * way around the limit) or the client address within the company. And for receipt PINs also the PIN
 * itself at its branch, whatever the address, so a botnet cannot share out guesses of one PIN. Table
 * numbers get no such target: they are few and printed on the tables, and locking one would let anyone
 * shut a table's guests out of the lookup.
 */
export function lookupTargets(input: LookupTargetInput): string[] {
  // The address counts per company, not per survey: a company with several slugs must not multiply
  // the guesses one address gets at its receipts (issue 9's brute-force test).
  const caller =
    input.deviceId !== null
      ? `device:${input.deviceId}`
      : `company:${input.companyId}|address:${input.address}`;
  const targets = [caller];
  if (input.key.kind === 'pin') {
    targets.push(
      `pin:${input.companyId}:${canonicalId(input.branch)}:${input.key.pinType}:${input.key.value}`,
    );
  }
  return targets;
}

/**
 * One spelling per branch id: the lookup reads "01" and "1" as branch 1, so the counter must too, or
 * every leading zero would open a fresh count of guesses at the same PIN.
 */
export const canonicalId = (raw: string): string => (/^\d+$/.test(raw) ? String(Number(raw)) : raw);

/**
 * Runs a lookup under the limiter: refused with 429 (code 10021, Retry-After) once a target has had its
 * failures; a lookup that finds something is released and never counts, so a busy table or a good
 * receipt is never locked out. A broken limiter store answers 503 10021: the lookup is not run unguarded.
 */
export async function limitLookup<T>(
  deps: LimitDeps,
  targets: readonly string[],
  lookup: () => Promise<T>,
  found: (result: T) => boolean,
): Promise<T> {
  const release = await reserveAttempt(
    deps,
    targets,
    (minutes) => `Too many lookups found nothing; try again in ${minutes} min`,
  );
  let result: T;
  try {
    result = await lookup();
  } catch (error) {
    // Our fault, not a wrong guess: it must not count.
    await release().catch(() => undefined);
    throw error;
  }
  if (found(result)) {
    await release().catch((error) => deps.log.error({ err: error }, 'rate limit release failed'));
  }
  return result;
}
