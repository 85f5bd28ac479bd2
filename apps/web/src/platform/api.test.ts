import { describe, expect, it } from 'vitest';
import { createWebApi } from './api';
import { isUnknownSlug } from './api-failure';

type Seen = { url: string; headers: Record<string, string> };

/** The network edge only: records what was sent and answers with a fixed status and body. */
function fakeFetch(status: number, body: unknown, seen: Seen[]): typeof fetch {
  return (async (url: string, init: RequestInit) => {
    seen.push({ url, headers: init.headers as Record<string, string> });
    return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  }) as unknown as typeof fetch;
}

const core = {
  company: { keyName: 'demo', name: 'Demo Hospitality Group' },
  schedules: [],
  features: { digitalReceipt: false },
};

describe('web API wiring', () => {
  it('asks survey.config for the guest edges by slug, as a web client', async () => {
    const seen: Seen[] = [];
    const api = createWebApi({ baseUrl: '', fetch: fakeFetch(200, { data: { core, surveys: [] } }, seen) });

    const config = await api.surveyConfig('demo-bistro', 'it');

    expect(config).toEqual({ core, surveys: [] });
    expect(seen[0]?.url).toBe(
      '/api/v1/survey/config?edge=core%2Csurveys%2Cquestions%2Cdata_capture%2Cdemographics%2Cstatics',
    );
    expect(seen[0]?.headers).toMatchObject({
      'X-Auth-Type': 'web',
      'X-Survey-Slug': 'demo-bistro',
      'X-Language': 'it',
      'X-Client-Id': expect.stringMatching(/^venue-voice-web\/\d+\.\d+\.\d+$/),
    });
  });

  it('asks survey.branch with both coordinates, and survey.transaction with the template header', async () => {
    const seen: Seen[] = [];
    const api = createWebApi({ baseUrl: '', fetch: fakeFetch(200, { data: { branches: [] } }, seen) });
    await api.surveyBranches('demo-bistro', 'en-gb', { latitude: 53.5, longitude: -2.25 });
    expect(seen[0]?.url).toBe('/api/v1/survey/branch?latitude=53.5&longitude=-2.25');

    const lookup = {
      pin: { pinCode: '123456', validData: false, dateTime: null, sourceType: null, error: 'INVALID-PIN' },
      transaction: null,
      branch: null,
      transactionRef: null,
    };
    const tx = createWebApi({ baseUrl: '', fetch: fakeFetch(200, { data: lookup }, seen) });
    const found = await tx.surveyTransaction('demo-bistro', 'en-gb', {
      branchId: 1,
      templateId: 7,
      pinType: 'pin',
      pin: '123456',
      date: 'now',
    });
    expect(found.pin.error).toBe('INVALID-PIN');
    expect(seen[1]?.url).toMatch(/^\/api\/v1\/survey\/transaction\?.*pin=123456/);
    expect(seen[1]?.headers).toMatchObject({ 'X-Template-Id': '7', 'X-Survey-Slug': 'demo-bistro' });
  });

  it('reports an unknown slug as a failure the landing recognises', async () => {
    const body = { error: { code: 10013, message: 'Invalid template reference', detail: null, ui: false } };
    const api = createWebApi({ baseUrl: '', fetch: fakeFetch(404, body, []) });

    const failure = await api.surveyConfig('nowhere', 'en-gb').catch((error: unknown) => error);

    expect(failure).toMatchObject({ status: 404, code: 10013 });
    expect(isUnknownSlug(failure)).toBe(true);
  });
});
