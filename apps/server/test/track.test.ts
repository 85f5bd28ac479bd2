import { TrackAction } from '@venue-voice/domain';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { responseTracks } from '../src/db/schema';
import { TRACK_ACTIONS_MAX } from '../src/routes/survey/survey.track';
import { databases } from './databases';
import { call, type Harness, insertDevice, startHarness, web } from './harness';
import { addOtherCompany, createPayload } from './submit-fixtures';
import { type Credentials, createResponse, happyAnswers, withCredentials } from './support/prompt-fixtures';

const url = '/api/v1/survey/track';

describe.each(databases())('survey.track on $name', (target) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(target);
    await addOtherCompany(h.database.db);
  });
  afterAll(async () => h?.close());

  const track = (credentials: Credentials | null, payload: unknown, headers?: Record<string, string>) =>
    call(h.app, {
      method: 'POST',
      url,
      headers: withCredentials(credentials, headers),
      payload: payload as object,
    });
  const stored = async (responseId: number) =>
    (
      await h.database.db
        .select({ action: responseTracks.action })
        .from(responseTracks)
        .where(eq(responseTracks.responseId, responseId))
        .orderBy(asc(responseTracks.id))
    ).map((row) => row.action);

  it('records each action of D3 as a row of the response', async () => {
    const credentials = await createResponse(h.app, happyAnswers());
    const first = await track(credentials, { actions: ['shared_email', 'shared_facebook'] });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ data: { recorded: 2 } });
    const second = await track(credentials, { actions: [...TrackAction] });
    expect(second.body).toEqual({ data: { recorded: TrackAction.length } });
    expect(await stored(credentials.id)).toEqual(['shared_email', 'shared_facebook', ...TrackAction]);
  });

  it('works in app mode with the device’s credentials too', async () => {
    const device = await insertDevice(h.database);
    const created = await call(h.app, {
      method: 'POST',
      url: '/api/v1/survey/submit',
      headers: { ...device, 'x-template-id': '1' },
      payload: { type: 'create', payload: createPayload(happyAnswers()) },
    });
    expect(created.status).toBe(200);
    const credentials = { id: created.body.data.id, secret: created.body.data.secret };
    const answer = await track(credentials, { actions: ['shared_uploaded_image'] }, device);
    expect(answer.body).toEqual({ data: { recorded: 1 } });
  });

  it.each([
    ['an unknown action', { actions: ['shared_myspace'] }],
    ['a known and an unknown action', { actions: ['shared_email', 'liked'] }],
    ['an action in another case', { actions: ['SHARED_EMAIL'] }],
    ['no actions', { actions: [] }],
    ['actions that are not a list', { actions: 'shared_email' }],
    ['a number as an action', { actions: [1] }],
    ['too many actions', { actions: Array.from({ length: TRACK_ACTIONS_MAX + 1 }, () => 'shared_email') }],
  ])('refuses %s with 10009 and stores nothing', async (_name, payload) => {
    const credentials = await createResponse(h.app, happyAnswers());
    const answer = await track(credentials, payload);
    expect(answer.status).toBe(400);
    expect(answer.body.error.code).toBe(10009);
    expect(await stored(credentials.id)).toEqual([]);
  });

  it('a body without actions is 10008; a body that is not JSON is 10026', async () => {
    const credentials = await createResponse(h.app, happyAnswers());
    const missing = await track(credentials, {});
    expect(missing.status).toBe(400);
    expect(missing.body.error.code).toBe(10008);
    const broken = await h.app.inject({
      method: 'POST',
      url,
      headers: { ...withCredentials(credentials), 'content-type': 'application/json' },
      payload: '{"actions": [',
    });
    expect(broken.statusCode).toBe(400);
    expect(JSON.parse(broken.body).error.code).toBe(10026);
  });

  it('needs the response credentials (401, 10029), checked before the body', async () => {
    const credentials = await createResponse(h.app, happyAnswers());
    const cases = [
      await track(null, { actions: ['shared_email'] }),
      await track(null, { actions: ['not-an-action'] }),
      await track({ id: credentials.id, secret: 'A'.repeat(43) }, { actions: ['shared_email'] }),
      await track(credentials, { actions: ['shared_email'] }, web('other-cafe')),
    ];
    for (const [index, answer] of cases.entries()) {
      expect(answer.status, `case ${index}`).toBe(401);
      expect(answer.body.error.code).toBe(10029);
    }
    expect(await stored(credentials.id)).toEqual([]);
  });
});
