/**
 * Batched upload (decision 0090): the submits at the head of the queue go up to BATCH_LIMIT at a time to
 * survey.submit.batch, which answers each item in order. Only creates, and supplements whose create is
 * already answered or earlier in the same batch, are batched; anything else (uploads, tracks, a request
 * for another branch) ends the batch and goes through the single-request path and its rules.
 */

import { buildHeaders } from '@venue-voice/client';
import {
  classifyOutcome,
  isCreate,
  type OfflineQueue,
  type QueuedResponse,
  type SendOutcome,
  submitKind,
  VOUCHER_OFFER_HEADER,
} from '@venue-voice/domain';
import { errorCode, type QueueTransport, submitResultOf } from './queue-send';

export const BATCH_LIMIT = 100;
export const BATCH_PATH = '/api/v1/survey/submit/batch';

/** Whether the server has the batch endpoint (an older server answers 404: single calls then). */
export type BatchState = { supported: boolean };

/** The submits at the head of the queue that can go in one batch, in order. */
export const batchable = (queue: OfflineQueue, branchId: number | null): QueuedResponse[] => {
  const group: QueuedResponse[] = [];
  const creates = new Set<string>();
  for (const item of queue.items) {
    if (group.length >= BATCH_LIMIT || item.type !== 'submit') break;
    if (item.branchId !== null && branchId !== null && item.branchId !== branchId) break;
    const create = isCreate(item);
    if (
      !create &&
      (submitKind(item.args.payload) !== 'supplement' ||
        !(queue.results[item.response] || creates.has(item.response)))
    )
      break;
    if (create) creates.add(item.response);
    group.push(item);
  }
  return group;
};

const bodyItem = (item: QueuedResponse) => {
  const submit = item.args.payload as { type: string; payload: unknown };
  if (isCreate(item)) {
    return {
      type: 'create',
      templateId: Number(item.args.headers['X-Template-Id']),
      payload: submit.payload,
      // The guest waits at the screen for this one (D4.64); any other create is given no voucher.
      ...(item.args.headers[VOUCHER_OFFER_HEADER] === '1' ? { offerVoucher: true } : {}),
    };
  }
  return { type: 'supplement', guid: item.response, payload: submit.payload };
};

type ItemAnswer = { status: number; data?: unknown; error?: { code?: number } };

/** The batch's answer: per item, for the whole request (applied to its head), or null: send the head alone. */
export type BatchAnswer =
  | { kind: 'items'; outcomes: SendOutcome[] }
  | { kind: 'whole'; outcome: SendOutcome }
  | null;

const itemOutcome = (item: QueuedResponse, answer: ItemAnswer): SendOutcome => {
  if (answer.status < 200 || answer.status >= 300)
    return { kind: 'http', status: answer.status, code: answer.error?.code ?? null };
  const result = isCreate(item) ? submitResultOf(item.response, answer.data) : null;
  return result ? { kind: 'ok', result } : { kind: 'ok' };
};

export const sendBatch = async (
  transport: QueueTransport,
  group: readonly QueuedResponse[],
  state: BatchState,
): Promise<BatchAnswer> => {
  const headers = { ...buildHeaders(transport.credentials), 'Content-Type': 'application/json' };
  let response: Response;
  try {
    response = await transport.fetch(`${transport.baseUrl}${BATCH_PATH}`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ items: group.map(bodyItem) }),
    });
  } catch {
    return { kind: 'whole', outcome: { kind: 'network' } };
  }
  const body = (await response.json().catch(() => null)) as { data?: { results?: ItemAnswer[] } } | null;
  if (response.status === 404) {
    state.supported = false;
    return null;
  }
  const outcome: SendOutcome = { kind: 'http', status: response.status, code: errorCode(body) };
  // A batch refused as a whole (too large, unreadable) says nothing against its first response: that
  // request goes alone instead, and the single call's answer decides (the queue's rules stay in charge).
  if (classifyOutcome(outcome) === 'reject') return null;
  if (!response.ok) return { kind: 'whole', outcome };
  const results = body?.data?.results;
  // A 2xx we cannot read proves nothing about the items: tried again like a server fault.
  if (!Array.isArray(results)) return { kind: 'whole', outcome: { kind: 'http', status: 502, code: null } };
  return {
    kind: 'items',
    outcomes: results.map((answer, index) => itemOutcome(group[index] as QueuedResponse, answer)),
  };
};
