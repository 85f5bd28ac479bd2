import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases } from './databases';
import { call, type Harness, startHarness } from './harness';
import {
  type Credentials,
  createResponse,
  happyAnswers,
  prompt,
  withCredentials,
} from './support/prompt-fixtures';

/** No body or credential header, however malformed, gets a 500 from survey.track or survey.prompt. */
describe.each(databases())('survey.track and survey.prompt never answer 500 on $name', (target) => {
  let h: Harness;
  let credentials: Credentials;
  beforeAll(async () => {
    h = await startHarness(target);
    credentials = await createResponse(h.app, happyAnswers());
  });
  afterAll(async () => h?.close());

  const action = fc.oneof(
    fc.constantFrom(
      'shared_email',
      'shared_twitter',
      'shared_tripadvisor',
      'shared_facebook',
      'shared_uploaded_image',
    ),
    fc.string(),
    fc.integer(),
    fc.constant(null),
  );
  const body = fc.oneof(
    fc.record({ actions: fc.array(action, { maxLength: 60 }) }),
    fc.record({ actions: fc.jsonValue() }),
    fc.jsonValue(),
  );

  it('track: any JSON body answers 200 or 400 with a spec code', async () => {
    await fc.assert(
      fc.asyncProperty(body, async (payload) => {
        const answer = await call(h.app, {
          method: 'POST',
          url: '/api/v1/survey/track',
          headers: { ...withCredentials(credentials), 'content-type': 'application/json' },
          payload: JSON.stringify(payload),
        });
        expect([200, 400]).toContain(answer.status);
        if (answer.status === 400) expect([10008, 10009, 10026]).toContain(answer.body.error.code);
      }),
      { numRuns: 60 },
    );
  });

  it('prompt and track: any credential headers answer 401 (10029) unless they are the real ones', async () => {
    const header = fc.oneof(
      fc.string({ maxLength: 200 }),
      fc.stringMatching(/^[A-Za-z0-9_-]{16,64}$/),
      fc.nat().map(String),
    );
    await fc.assert(
      fc.asyncProperty(header, header, async (id, secret) => {
        fc.pre(!(id === String(credentials.id) && secret === credentials.secret));
        // Headers cannot carry control characters or non-Latin-1 text; such a request never reaches us.
        fc.pre(/^[\x20-\x7e]*$/.test(id + secret));
        const headers = {
          'x-auth-type': 'web',
          'x-survey-slug': 'demo-bistro',
          'x-response-id': id,
          'x-response-secret': secret,
        };
        const asked = await prompt(h.app, null, headers);
        expect(asked.status).toBe(401);
        expect(asked.body.error.code).toBe(10029);
        const tracked = await call(h.app, {
          method: 'POST',
          url: '/api/v1/survey/track',
          headers,
          payload: { actions: ['shared_email'] },
        });
        expect(tracked.status).toBe(401);
      }),
      { numRuns: 60 },
    );
  });
});
