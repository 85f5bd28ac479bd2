/**
 * An in-memory stand-in for the survey.submit calls a tablet's queue makes (tests only): creates are
 * idempotent by guid like the real server (decision 0020), later calls need the response's id and
 * secret, the batch endpoint answers per item. Faults are scripted per request.
 */
export type Fault =
  /** No answer at all (offline). */
  | 'network'
  /** The server stores the request, then the answer is lost on the way back. */
  | 'lost'
  /** An HTTP status with an error code (default 10001 for 5xx, 10009 for 4xx). */
  | { status: number; code?: number };

type Voucher = { id: number; type: 1; code: string; name: string; description: string; scratched: boolean };
/** A response as the fake keeps it; `voucher` is drawn on its first create that asks (D4.64). */
type Row = {
  id: number;
  guid: string;
  secret: string;
  templateId: string;
  payload: unknown;
  voucher: Voucher | null;
};

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const errorBody = (status: number, code?: number) => ({
  error: { code: code ?? (status >= 500 ? 10001 : 10009), message: 'refused', detail: null, ui: false },
});

export const fakeQueueServer = (options: { batch?: boolean } = {}) => {
  const rows: Row[] = [];
  const supplements: { id: number; payload: unknown }[] = [];
  const uploads: { id: number; name: string }[] = [];
  const tracks: { id: number; payload: unknown }[] = [];
  const faults: Fault[] = [];
  const calls: string[] = [];
  /** Each create as it arrived, and whether it asked for a voucher (D4.64). */
  const creates: { guid: string; offerVoucher: boolean }[] = [];
  /**
   * Tests act at the moment a request arrives (the request itself still goes on), and may hold its
   * answer until a promise of theirs settles (a server slower than the guest's wait).
   */
  const hooks = { onRequest: (_path: string) => {}, answerAfter: null as Promise<unknown> | null };
  /** Codes withdrawn by a tablet whose guest never saw them (D4.65). */
  const withdrawn: string[] = [];

  const createRow = (guid: string, templateId: string, payload: unknown, offerVoucher: boolean) => {
    const known = rows.find((row) => row.guid === guid);
    if (known) return known;
    const id = rows.length + 1;
    const voucher = offerVoucher
      ? { id: 1, type: 1 as const, code: `CODE-${id}`, name: 'Free coffee', description: '', scratched: true }
      : null;
    const row = { id, guid, secret: `secret-${guid}-0123456789`, templateId, payload, voucher };
    rows.push(row);
    return row;
  };
  const answerOf = (row: Row) => ({
    id: row.id,
    secret: row.secret,
    is_ai_valid: false,
    voucher: row.voucher,
  });
  const supplement = (row: Row, payload: unknown) => {
    supplements.push({ id: row.id, payload });
    if ((payload as { voucherUnseen?: boolean }).voucherUnseen && row.voucher) {
      withdrawn.push(row.voucher.code);
      row.voucher = null;
    }
  };
  const holder = (headers: Record<string, string>) =>
    rows.find(
      (row) => String(row.id) === headers['X-Response-Id'] && row.secret === headers['X-Response-Secret'],
    );

  const handle = async (path: string, headers: Record<string, string>, body: BodyInit | null | undefined) => {
    if (path.endsWith('/submit/batch')) {
      if (options.batch === false) return json(404, errorBody(404, 10002));
      const { items } = JSON.parse(String(body)) as { items: Record<string, unknown>[] };
      const results = items.map((item) => {
        if (item.type === 'create') {
          const payload = item.payload as { guid: string };
          const offer = item.offerVoucher === true;
          creates.push({ guid: payload.guid, offerVoucher: offer });
          return {
            status: 200,
            data: answerOf(createRow(payload.guid, String(item.templateId), payload, offer)),
          };
        }
        const row = rows.find((candidate) => candidate.guid === item.guid);
        if (!row) return { status: 401, ...errorBody(401, 10029) };
        supplement(row, item.payload);
        return { status: 200, data: { id: row.id } };
      });
      return json(200, { data: { results } });
    }
    if (path.endsWith('/survey/submit')) {
      const request = JSON.parse(String(body)) as { type: string; payload: { guid: string } };
      if (request.type === 'create') {
        const offer = headers['X-Voucher-Offer'] === '1';
        creates.push({ guid: request.payload.guid, offerVoucher: offer });
        return json(200, {
          data: answerOf(
            createRow(request.payload.guid, headers['X-Template-Id'] ?? '', request.payload, offer),
          ),
        });
      }
      const row = holder(headers);
      if (!row) return json(401, errorBody(401, 10029));
      supplement(row, request.payload);
      return json(200, { data: { id: row.id } });
    }
    const row = holder(headers);
    if (!row) return json(401, errorBody(401, 10029));
    if (path.endsWith('/upload/upsert')) {
      const image = (body as FormData).get('image') as File;
      uploads.push({ id: row.id, name: image.name });
      return json(200, { data: { kind: 'photo' } });
    }
    if (path.endsWith('/upload/delete')) return json(200, { data: { deleted: true } });
    tracks.push({ id: row.id, payload: JSON.parse(String(body)) });
    return json(200, { data: {} });
  };

  const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = new URL(String(input), 'http://tablet.test').pathname;
    calls.push(path);
    hooks.onRequest(path);
    const fault = faults.shift();
    if (fault === 'network') throw new TypeError('Failed to fetch');
    if (fault && fault !== 'lost') return json(fault.status, errorBody(fault.status, fault.code));
    const answer = await handle(path, (init?.headers ?? {}) as Record<string, string>, init?.body);
    if (hooks.answerAfter) await hooks.answerAfter;
    if (fault === 'lost') throw new TypeError('Failed to fetch');
    return answer;
  }) as typeof globalThis.fetch;

  return {
    fetch,
    rows,
    supplements,
    uploads,
    tracks,
    calls,
    creates,
    withdrawn,
    hooks,
    /** The next requests fail in this order. */
    fail: (...next: Fault[]) => faults.push(...next),
    /** Faults not used up are dropped: the network is good again. */
    heal: () => faults.splice(0),
  };
};
