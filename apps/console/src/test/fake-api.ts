import { vi } from 'vitest';
import type { Me } from '../platform/session';

/** One answer of the fake server: a status and a JSON body (`{ data }` or `{ error }`), and headers. */
export interface FakeAnswer {
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
}

export interface FakeRequest {
  method: string;
  /** The path below /api/v1/console, without the query. */
  path: string;
  query: URLSearchParams;
  body: unknown;
  /** The headers the call added (names lower-cased). */
  headers: Record<string, string>;
}

type Handler = (request: FakeRequest) => FakeAnswer | Promise<FakeAnswer>;

/** `{ data }` with status 200. */
export const ok = (data: unknown, status = 200): FakeAnswer => ({ status, body: { data } });

/** The API's error envelope (api.md). */
export const fails = (
  status: number,
  code: number,
  detail: unknown = null,
  headers?: Record<string, string>,
): FakeAnswer => ({
  status,
  body: { error: { code, message: 'refused', detail, ui: false } },
  ...(headers ? { headers } : {}),
});

/**
 * The console API faked at the fetch level: `routes` maps `'GET /branches'` (or `'PATCH /staff/:id'`) to an
 * answer or a handler. Every request is recorded; one without a route answers 404 10002 and is listed in
 * `unmatched`, so a test sees a call it did not expect.
 */
export function fakeApi(routes: Record<string, FakeAnswer | Handler>) {
  const requests: FakeRequest[] = [];
  const unmatched: string[] = [];
  const table = Object.entries(routes).map(([key, answer]) => {
    const [method = 'GET', pattern = '/'] = key.split(' ');
    const regex = new RegExp(`^${pattern.replace(/:[a-zA-Z]+/g, '[^/]+')}$`);
    return { method, regex, answer };
  });
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://console.test');
    const method = (init?.method ?? 'GET').toUpperCase();
    const path = url.pathname.replace(/^\/api\/v1\/console/, '');
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : (init?.body ?? null);
    const headers = Object.fromEntries(new Headers(init?.headers).entries());
    const request = { method, path, query: url.searchParams, body, headers };
    requests.push(request);
    const route = table.find((entry) => entry.method === method && entry.regex.test(path));
    if (!route) unmatched.push(`${method} ${path}`);
    const answer = route
      ? typeof route.answer === 'function'
        ? await route.answer(request)
        : route.answer
      : fails(404, 10002);
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
      status: answer.status ?? 200,
      headers: { 'content-type': 'application/json', ...answer.headers },
    });
  });
  vi.stubGlobal('fetch', fetch);
  /** The requests of one method and path (`'POST /operators'`). */
  const calls = (key: string) => requests.filter((request) => `${request.method} ${request.path}` === key);
  return { requests, unmatched, calls };
}

/** The demo's owner, who sees both branches. */
export const OWNER: Me = {
  operator: { id: 1, email: 'owner@demo.test', name: 'Olivia Owner', role: 'owner', language: 'en-gb' },
  company: { id: 1, key: 'demo', name: 'Demo Hospitality Group' },
  branches: [
    { id: 1, name: 'Soho' },
    { id: 2, name: 'Shoreditch' },
  ],
};

/** The demo's manager of branch 1 only. */
export const MANAGER: Me = {
  operator: { id: 2, email: 'soho@demo.test', name: 'Sam Soho', role: 'manager', language: 'en-gb' },
  company: OWNER.company,
  branches: [{ id: 1, name: 'Soho' }],
};

/** A viewer of branch 1. */
export const VIEWER: Me = {
  operator: { id: 3, email: 'view@demo.test', name: 'Vic Viewer', role: 'viewer', language: 'en-gb' },
  company: OWNER.company,
  branches: [{ id: 1, name: 'Soho' }],
};
