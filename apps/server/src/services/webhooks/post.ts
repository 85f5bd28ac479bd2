import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP } from 'node:net';
import { APP_VERSION } from '@venue-voice/domain';
import { checkedLookup, checkTargetHost, type TargetPolicy } from './target';

/** What one attempt came to: the receiver's status (null: no answer) and what went wrong, if anything. */
export interface PostOutcome {
  statusCode: number | null;
  durationMs: number;
  error: string | null;
}

/** The most of a receiver's answer read (and kept in the error of a non-2xx): it is only for the log. */
const ANSWER_KEEP = 200;

/**
 * POSTs one signed body. A literal address is checked before, a name inside the connection's own
 * lookup, so only checked addresses are connected to; redirects are not
 * followed (a 3xx is a failed attempt: a receiver that moved gets its URL changed); `timeoutMs` bounds
 * the whole attempt, connect to last byte.
 */
export async function postSigned(
  url: string,
  headers: Record<string, string>,
  body: string,
  options: TargetPolicy & { timeoutMs: number },
): Promise<PostOutcome> {
  const started = performance.now();
  const took = () => Math.round(performance.now() - started);
  const target = new URL(url);
  // Node connects to an address literal without a lookup: check it here. A name is checked inside the
  // connection's lookup (one resolution, the addresses checked are the ones connected to).
  if (isIP(target.hostname.replace(/^\[(.*)\]$/, '$1'))) {
    try {
      await checkTargetHost(target, options);
    } catch (error) {
      return { statusCode: null, durationMs: took(), error: `refused: ${(error as Error).message}` };
    }
  }
  const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise<PostOutcome>((resolve) => {
    let settled = false;
    const finish = (outcome: Omit<PostOutcome, 'durationMs'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ ...outcome, durationMs: took() });
    };
    const req = send(
      target,
      {
        method: 'POST',
        lookup: checkedLookup(options),
        headers: {
          ...headers,
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(body)),
          'user-agent': `VenueVoice-Webhooks/${APP_VERSION}`,
        },
      },
      (res) => {
        const status = res.statusCode ?? 0;
        let kept = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          if (kept.length < ANSWER_KEEP) kept += chunk.slice(0, ANSWER_KEEP - kept.length);
        });
        res.on('end', () =>
          finish({
            statusCode: status,
            error: status >= 200 && status < 300 ? null : `HTTP ${status}${kept ? `: ${kept.trim()}` : ''}`,
          }),
        );
        res.on('error', (error) => finish({ statusCode: status, error: error.message }));
      },
    );
    const timer = setTimeout(() => {
      finish({ statusCode: null, error: `timed out after ${options.timeoutMs} ms` });
      req.destroy();
    }, options.timeoutMs);
    req.on('error', (error: NodeJS.ErrnoException) => {
      const refused = error.code === 'EWEBHOOKTARGET';
      finish({
        statusCode: null,
        error: refused ? `refused: ${error.message}` : `${error.code ?? 'error'}: ${error.message}`,
      });
    });
    req.end(body);
  });
}
