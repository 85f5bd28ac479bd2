import type { ConfigEdge, ConfigResponse } from '@venue-voice/domain';
import type { ApiClient } from './client';
import { buildQuery } from './headers';
import { dataOf, invalidAnswer, type RequestInit, send, type Transport } from './request';

// A tablet's conditional survey.config (decision 0228), kept out of the client object: the guest's first
// screen builds a client and would carry this code for nothing (e2e/bundle-budget.test.ts).

/** What a conditional call answers: the data and its ETag (null when none came), or not modified. */
export type Conditional<T> =
  | { type: 'changed'; data: T; etag: string | null }
  | { type: 'notModified'; etag: string };

/**
 * Sends one call with If-None-Match when `etag` is given (decision 0228). A 304 answers not modified,
 * never an error and never a body; a 304 to a request that named no ETag is refused like any answer
 * the client cannot read (10007). The browser hands a 304 through as it is: a request carrying its own
 * If-None-Match bypasses the HTTP cache (Fetch standard, "HTTP-network-or-cache fetch").
 */
export const conditionalRequest = async <T>(
  transport: Transport,
  init: RequestInit<T> & { etag: string | null },
): Promise<Conditional<T>> => {
  const response = await send(transport, init, init.etag ? { 'If-None-Match': init.etag } : {});
  if (response.status === 304) {
    if (!init.etag) throw invalidAnswer(304, ['304 Not Modified to a request that named no ETag'], null);
    return { type: 'notModified', etag: response.headers.get('ETag') ?? init.etag };
  }
  const data = await dataOf(response, init.parse);
  return { type: 'changed', data, etag: response.headers.get('ETag') };
};

/**
 * survey.config as a tablet reads it (app credentials, the device schema), sent with the ETag of the
 * config it holds: an unchanged config answers not modified instead of the whole answer, which is
 * `no-store` and so never kept by the browser (decisions 0194, 0228).
 */
export const fetchDeviceConfig = (
  client: ApiClient,
  params: { edges: readonly ConfigEdge[]; etag: string | null },
  signal?: AbortSignal,
): Promise<Conditional<ConfigResponse>> =>
  conditionalRequest(client.transport, {
    call: 'survey.config',
    query: buildQuery({ edge: params.edges }),
    parse: { schema: (s) => s.config },
    etag: params.etag,
    signal,
  });
