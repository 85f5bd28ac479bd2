/**
 * The offline response queue as pure data (device-mode.md §3 Queued response, §4 Request handling;
 * D4.36–D4.46). Every request a tablet makes for a guest's response waits here until the server
 * answers 2xx; nothing leaves it otherwise (architecture: "The offline queue never drops a response").
 */
import { QueuedRequestType, type SubmitType } from '../enums';
import { QUEUED_RESPONSE_VERSION, type QueuedResponse } from '../schemas';

/** What a create answered: sent back as the response headers of the response's later requests. */
export type SubmitResult = { id: number; secret: string; isAiValid: boolean };

/** Why a request waits in the visible "needs attention" list instead of the queue. */
export type AttentionReason = 'rejected' | 'createRejected' | 'createMissing' | 'otherBranch';

/** A request the server refused (4xx) or that cannot be sent; kept and shown in settings, never dropped. */
export type AttentionItem = QueuedResponse & {
  reason: AttentionReason;
  status: number | null;
  code: number | null;
  /** Epoch ms it was set aside. */
  at: number;
};

export type OfflineQueue = {
  /** The last offlineID handed out: ids run from 1 and are never reused, across reloads too. */
  lastOfflineId: number;
  /** Waiting requests in send order (always ascending offlineID). */
  items: QueuedResponse[];
  /** Create results by response guid, for the later requests of that response. */
  results: Record<string, SubmitResult>;
  attention: AttentionItem[];
  /** The guid of the response the guest at the screen is answering (the spec's offlineSurveyID). */
  current: string | null;
};

/** An empty queue. */
export const emptyQueue = (): OfflineQueue => ({
  lastOfflineId: 0,
  items: [],
  results: {},
  attention: [],
  current: null,
});

/** A request to keep: a create, a supplement, or an upload, upload delete or track of a response. */
export type QueueRequest =
  | { kind: typeof SubmitType.CREATE; payload: { guid: string }; headers?: Record<string, string> }
  | {
      kind: typeof SubmitType.SUPPLEMENT;
      response: string;
      payload: Record<string, unknown>;
      headers?: Record<string, string>;
    }
  | {
      kind: 'upload' | 'deleteUpload' | 'track';
      response: string;
      payload: unknown;
      headers?: Record<string, string>;
    };

export type EnqueueOutcome =
  | { status: 'queued' | 'replaced'; offlineID: number }
  | { status: 'merged'; offlineID: number }
  | { status: 'refused'; reason: 'createQueued' | 'alreadySubmitted' | 'unknownResponse' };

/** Whether a queued request is a create submit. */
export const isCreate = (item: Pick<QueuedResponse, 'type' | 'args'>): boolean =>
  item.type === QueuedRequestType.SUBMIT && submitKind(item.args.payload) === 'create';

/** The kind of a stored submit payload (`{ type, payload }`). */
export const submitKind = (payload: unknown): string | undefined =>
  typeof payload === 'object' && payload !== null ? (payload as { type?: string }).type : undefined;

const isSupplement = (item: QueuedResponse) =>
  item.type === QueuedRequestType.SUBMIT && submitKind(item.args.payload) === 'supplement';

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Later supplement values win; nested objects (contact details) are merged one level deep. */
export const mergeSupplement = (
  earlier: Record<string, unknown>,
  later: Record<string, unknown>,
): Record<string, unknown> => {
  const merged: Record<string, unknown> = { ...earlier };
  for (const [key, value] of Object.entries(later)) {
    const before = merged[key];
    merged[key] = isPlainObject(before) && isPlainObject(value) ? { ...before, ...value } : value;
  }
  return merged;
};

/** True when a response's create is on the device (queued or set aside). */
const createOnDevice = (queue: OfflineQueue, response: string): boolean =>
  [...queue.items, ...queue.attention].some((item) => item.response === response && isCreate(item));

/** Results are kept while their response is current or still has requests on the device. */
export const pruneResults = (queue: OfflineQueue): OfflineQueue => {
  const live = new Set([...queue.items, ...queue.attention].map((item) => item.response));
  const results = Object.fromEntries(
    Object.entries(queue.results).filter(([guid]) => guid === queue.current || live.has(guid)),
  );
  return { ...queue, results };
};

const stored = (
  queue: OfflineQueue,
  type: QueuedResponse['type'],
  response: string,
  payload: unknown,
  headers: Record<string, string>,
  branchId: number | null,
): { queue: OfflineQueue; offlineID: number } => {
  const offlineID = queue.lastOfflineId + 1;
  const item: QueuedResponse = {
    version: QUEUED_RESPONSE_VERSION,
    offlineID,
    type,
    response,
    branchId,
    args: { payload, headers },
    attempts: 0,
    rev: 0,
  };
  return { queue: { ...queue, lastOfflineId: offlineID, items: [...queue.items, item] }, offlineID };
};

/**
 * Keeps a request on the device (D4.37, D4.38, D4.42, D4.43). A create gets the next offlineID and
 * becomes the current response, unless its response already has a create on the device or a submit
 * result. A supplement merges into the response's queued supplement if there is one. An upload or
 * upload delete replaces the earlier ones of its type for that response and goes to the back.
 */
export const enqueue = (
  queue: OfflineQueue,
  request: QueueRequest,
  branchId: number | null,
): { queue: OfflineQueue; outcome: EnqueueOutcome } => {
  const headers = request.headers ?? {};
  if (request.kind === 'create') {
    const guid = request.payload.guid;
    if (queue.results[guid]) return { queue, outcome: { status: 'refused', reason: 'alreadySubmitted' } };
    if (createOnDevice(queue, guid)) return { queue, outcome: { status: 'refused', reason: 'createQueued' } };
    const payload = { type: 'create', payload: request.payload };
    const next = stored(queue, QueuedRequestType.SUBMIT, guid, payload, headers, branchId);
    return {
      queue: pruneResults({ ...next.queue, current: guid }),
      outcome: { status: 'queued', offlineID: next.offlineID },
    };
  }
  const response = request.response;
  if (!queue.results[response] && !createOnDevice(queue, response))
    return { queue, outcome: { status: 'refused', reason: 'unknownResponse' } };
  if (request.kind === 'supplement') {
    const target = queue.items.findLast((item) => item.response === response && isSupplement(item));
    if (target) {
      const before = (target.args.payload as { payload: Record<string, unknown> }).payload;
      const merged = { type: 'supplement', payload: mergeSupplement(before, request.payload) };
      const changed: QueuedResponse = {
        ...target,
        args: { payload: merged, headers: { ...target.args.headers, ...headers } },
        rev: target.rev + 1,
      };
      const items = queue.items.map((item) => (item.offlineID === target.offlineID ? changed : item));
      return { queue: { ...queue, items }, outcome: { status: 'merged', offlineID: target.offlineID } };
    }
    const payload = { type: 'supplement', payload: request.payload };
    const next = stored(queue, QueuedRequestType.SUBMIT, response, payload, headers, branchId);
    return { queue: next.queue, outcome: { status: 'queued', offlineID: next.offlineID } };
  }
  const replaces = request.kind === 'upload' || request.kind === 'deleteUpload';
  const kept = replaces
    ? queue.items.filter((item) => !(item.response === response && item.type === request.kind))
    : queue.items;
  const next = stored({ ...queue, items: kept }, request.kind, response, request.payload, headers, branchId);
  const status = kept.length < queue.items.length ? 'replaced' : 'queued';
  return { queue: next.queue, outcome: { status, offlineID: next.offlineID } };
};

/** The number of responses (surveys) with requests waiting to upload. */
export const storedResponseCount = (queue: OfflineQueue): number =>
  new Set(queue.items.map((item) => item.response)).size;

/**
 * D2.20 (issue 26 item 13): the surveys on the tablet that have not reached the server, whether waiting
 * to upload or set aside as needing attention. Each response once, however many requests it has where.
 */
export const responsesOnDevice = (queue: Pick<OfflineQueue, 'items' | 'attention'>): number =>
  new Set([...queue.items, ...queue.attention].map((item) => item.response)).size;

/**
 * D4.64: the header of an app-mode create whose guest waits at the screen for the answer; only such a
 * create is given a voucher (the guest sees it at checkout). Its value is '1'.
 */
export const VOUCHER_OFFER_HEADER = 'X-Voucher-Offer';

/**
 * D4.64 (issue 26 item 16): the guest of this response was told no voucher is given (the answer did not
 * come while they waited), so its create, wherever it waits, no longer asks for one. The rev stays: a
 * send already on its way still asked, and its acknowledgement may remove the create as usual.
 */
export const withdrawVoucherOffer = (queue: OfflineQueue, response: string): OfflineQueue => {
  const withdraw = <T extends QueuedResponse>(item: T): T => {
    if (item.response !== response || !isCreate(item) || !(VOUCHER_OFFER_HEADER in item.args.headers))
      return item;
    const { [VOUCHER_OFFER_HEADER]: _offer, ...headers } = item.args.headers;
    return { ...item, args: { ...item.args, headers } };
  };
  return { ...queue, items: queue.items.map(withdraw), attention: queue.attention.map(withdraw) };
};

/** Puts a response's set-aside requests back in the queue, in their original order (a manual retry). */
export const requeueAttention = (queue: OfflineQueue, response: string): OfflineQueue => {
  const back = queue.attention.filter((item) => item.response === response);
  if (back.length === 0) return queue;
  const restored: QueuedResponse[] = back.map(({ reason, status, code, at, ...item }) => item);
  return {
    ...queue,
    items: [...queue.items, ...restored].sort((a, b) => a.offlineID - b.offlineID),
    attention: queue.attention.filter((item) => item.response !== response),
  };
};
