import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';
import { AppError, ErrorCodes, webhookUrlProblem } from '@venue-voice/domain';
import ipaddr from 'ipaddr.js';

/** What the webhooks may reach: `allowPrivate` (WEBHOOK_ALLOW_PRIVATE=1) lets a local receiver in, and http. */
export interface TargetPolicy {
  allowPrivate: boolean;
}

/**
 * O10.4 Whether an address is one the public internet routes to a receiver: ipaddr.js's `unicast` range
 * only (decision 0245). Loopback, private (RFC 1918), link-local, CGNAT (100.64/10), unique-local
 * (fc00::/7), unspecified, multicast, broadcast, documentation and the other reserved ranges are not;
 * an IPv4-mapped IPv6 address (::ffff:10.0.0.1) is judged as the IPv4 address it carries, and the
 * IPv6 ranges that embed an IPv4 address (6to4, Teredo, NAT64) are refused as a whole.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  return ipaddr.process(address).range() === 'unicast';
}

/** The console's catalogue key of each reason a URL is refused (detail.fields.url). */
const URL_KEYS = {
  invalid: 'webhooks.urlFaults.invalid',
  https_required: 'webhooks.urlFaults.https_required',
  credentials: 'webhooks.urlFaults.credentials',
  too_long: 'webhooks.urlFaults.too_long',
  private_address: 'webhooks.urlFaults.private_address',
  unresolvable: 'webhooks.urlFaults.unresolvable',
} as const;

/** 400 10009 on the URL: `detail.reason` for programs, `detail.fields.url` for the console's form. */
export const urlFault = (
  reason: keyof typeof URL_KEYS,
  message: string,
  extra: Record<string, unknown> = {},
) =>
  new AppError(ErrorCodes.PARAMETER_VALUE_INVALID, {
    message,
    detail: { reason, fields: { url: URL_KEYS[reason] }, ...extra },
    ui: true,
  });

/** The refusal of a target that is, or resolves to, a non-public address (reason `private_address`). */
export const privateTargetError = (host: string, address: string): AppError =>
  urlFault(
    'private_address',
    `The webhook's host ${host} is a private, loopback or reserved address (${address}); set WEBHOOK_ALLOW_PRIVATE=1 to allow it`,
    { address },
  );

/** O10.2: a URL the policy does not take answers 10009 with the reason (https_required, credentials…). */
export function checkWebhookUrl(raw: string, policy: TargetPolicy): URL {
  const problem = webhookUrlProblem(raw, policy.allowPrivate);
  if (problem) {
    const words = {
      invalid: 'The webhook URL must be an absolute http(s) URL without a fragment',
      https_required: 'The webhook URL must use https',
      credentials: 'The webhook URL must not carry a user or password',
      too_long: 'The webhook URL is too long',
    }[problem];
    throw urlFault(problem, words);
  }
  return new URL(raw);
}

/** The URL's host as an address when it is one (`[::1]` → `::1`), else null. */
const literalAddress = (url: URL): string | null => {
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  return isIP(host) ? host : null;
};

/** Resolves a host to every address it has, as the connection would. */
function resolveAll(host: string): Promise<LookupAddress[]> {
  return new Promise((resolve, reject) => {
    dnsLookup(host, { all: true, verbatim: true }, (error, addresses) =>
      error ? reject(error) : resolve(addresses),
    );
  });
}

/**
 * Checks a target's host: an address literal against O10.4, a name by resolving it and checking every
 * address (one private answer refuses it: a receiver does not need one). Answers the addresses checked.
 * A name that does not resolve is refused too (10009, reason `unresolvable`).
 */
export async function checkTargetHost(url: URL, policy: TargetPolicy): Promise<LookupAddress[]> {
  const literal = literalAddress(url);
  if (literal) {
    if (!policy.allowPrivate && !isPublicAddress(literal)) throw privateTargetError(url.hostname, literal);
    return [{ address: literal, family: isIP(literal) }];
  }
  let addresses: LookupAddress[];
  try {
    addresses = await resolveAll(url.hostname);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'error';
    throw urlFault('unresolvable', `The webhook's host ${url.hostname} does not resolve (${code})`);
  }
  if (!policy.allowPrivate) {
    const bad = addresses.find((a) => !isPublicAddress(a.address));
    if (bad) throw privateTargetError(url.hostname, bad.address);
  }
  return addresses;
}

/**
 * The socket's lookup for one delivery: resolves the name, checks each address (O10.4) and hands the
 * connection exactly the addresses it checked, so a name that rebinds to 127.0.0.1 between a check and
 * the connect cannot slip through: there is no second resolution. Node calls it with `all` (happy
 * eyeballs) or without.
 */
export function checkedLookup(policy: TargetPolicy): LookupFunction {
  return (hostname, options, callback) => {
    checkTargetHost(new URL(`http://${hostname.includes(':') ? `[${hostname}]` : hostname}/`), policy).then(
      (addresses) => {
        if ((options as { all?: boolean }).all) {
          (callback as (e: null, a: LookupAddress[]) => void)(null, addresses);
        } else {
          const first = addresses[0] as LookupAddress;
          callback(null, first.address, first.family);
        }
      },
      (error: Error) => callback(Object.assign(error, { code: 'EWEBHOOKTARGET' }), '', 0),
    );
  };
}
