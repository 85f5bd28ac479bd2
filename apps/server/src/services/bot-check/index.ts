import type { IncomingHttpHeaders } from 'node:http';
import { AppError, ErrorCodes } from '@venue-voice/domain';
import { z } from 'zod';
import type { BotCheckConfig } from '../../config';

/** The header the web's survey.submit create carries its reCAPTCHA v3 token in (decision 0069). */
export const BOT_TOKEN_HEADER = 'x-bot-token';
/** The action the web asks its token for; a token made for another action is refused. */
export const BOT_ACTION = 'submit';
// reCAPTCHA tokens are a few hundred to ~2,000 characters; anything longer is not one and is not sent on.
const TOKEN_MAX = 4096;

/** The fields of Google's siteverify answer we read (v3). */
const siteverifySchema = z.object({
  success: z.boolean(),
  score: z.number().optional(),
  action: z.string().optional(),
  hostname: z.string().optional(),
  'error-codes': z.array(z.string()).optional(),
});

/** What the provider said of a token: passed, refused (with why, for the log) or could not be asked. */
export type BotVerdict =
  | { kind: 'passed'; score: number }
  | { kind: 'refused'; reason: string; score?: number; errorCodes?: string[] }
  | { kind: 'unavailable'; reason: string };

/**
 * Asks the provider about one token: POST form `secret`, `response`, `remoteip` (Google's siteverify),
 * within `timeoutMs`. Passed only for `success` true, the action `submit` and a score ≥ `minScore`.
 */
export async function verifyBotToken(
  config: BotCheckConfig,
  token: string | undefined,
  remoteIp: string,
): Promise<BotVerdict> {
  if (!token) return { kind: 'refused', reason: 'no token' };
  if (token.length > TOKEN_MAX || !/^[\w-]+$/.test(token))
    return { kind: 'refused', reason: 'malformed token' };
  let answer: unknown;
  try {
    const response = await fetch(config.verifyUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ secret: config.secret, response: token, remoteip: remoteIp }),
      signal: AbortSignal.timeout(config.timeoutMs),
    });
    if (!response.ok) return { kind: 'unavailable', reason: `provider answered ${response.status}` };
    answer = await response.json();
  } catch (error) {
    // A timeout, a refused connection or a body that is not JSON: the provider could not be asked.
    return { kind: 'unavailable', reason: error instanceof Error ? error.name : 'fetch failed' };
  }
  const parsed = siteverifySchema.safeParse(answer);
  if (!parsed.success) return { kind: 'unavailable', reason: 'provider answer not understood' };
  const { success, score, action, 'error-codes': errorCodes } = parsed.data;
  if (!success) return { kind: 'refused', reason: 'not verified', ...(errorCodes ? { errorCodes } : {}) };
  if (action !== BOT_ACTION) return { kind: 'refused', reason: 'wrong action' };
  // A v3 answer always has a score; none (a v2 key) or a low one is refused.
  if (score === undefined || score < config.minScore) {
    return { kind: 'refused', reason: 'low score', ...(score === undefined ? {} : { score }) };
  }
  return { kind: 'passed', score };
}

/** The X-Bot-Token header as sent: one non-empty string, else undefined (absent, empty or repeated). */
export function botTokenOf(headers: IncomingHttpHeaders): string | undefined {
  const value = headers[BOT_TOKEN_HEADER];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** A create's caller as the check needs it: the token it sent, its address (request.ip) and a logger. */
export interface BotCheckCall {
  token: string | undefined;
  address: string;
  log: { warn(object: object, message: string): void; error(object: object, message: string): void };
}

/**
 * A web create goes on only with a token the provider passes (decision 0200). Refused: 10025 naming
 * `headers.x-bot-token`. The provider unreachable or slow: 503 10021, which the web retries with a new
 * token. The log says why, never the token or the secret.
 */
export async function requireHuman(config: BotCheckConfig, call: BotCheckCall): Promise<void> {
  const verdict = await verifyBotToken(config, call.token, call.address);
  if (verdict.kind === 'passed') return;
  if (verdict.kind === 'unavailable') {
    call.log.error({ botCheck: verdict.reason }, 'bot check: the provider could not be asked');
    throw new AppError(ErrorCodes.SERVICE_UNAVAILABLE, {
      message: 'Bot protection is unavailable, send again',
    });
  }
  const { kind: _kind, ...why } = verdict;
  call.log.warn({ botCheck: why }, 'bot check: create refused');
  throw new AppError(ErrorCodes.FORM_VALIDATION, {
    message: 'The bot-protection token was not accepted',
    detail: { fields: [{ field: `headers.${BOT_TOKEN_HEADER}`, in: 'headers', message: 'submit.failed' }] },
  });
}
