import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { fixedClock } from '../src/lib/clock';
import { databases } from './databases';
import { type Harness, NOW } from './harness';
import { tempOutbox } from './support/mail';
import { type OpenAiStub, startOpenAiStub } from './support/openai-stub';
import { TEST_PASSCODE_KEY } from './support/passcode-key';
import { tempPhotoStorage } from './support/photo-storage';
import { createResponse, happyAnswers, prompt } from './support/prompt-fixtures';

/** survey.prompt through the API with config.ai pointing at a real local stub server (G7.19). */
describe.each(databases())('survey.prompt with an OpenAI-compatible provider on $name', (target) => {
  let h: Harness;
  let stub: OpenAiStub;
  beforeAll(async () => {
    stub = await startOpenAiStub();
    const { database, drop } = await target.create({ now: NOW });
    // The provider comes from config.ai, as main.ts passes it.
    const ai = { baseUrl: stub.baseUrl, apiKey: 'k', model: 'venue-model', timeoutMs: 300 };
    const photos = await tempPhotoStorage();
    const outbox = await tempOutbox();
    const app = await buildApp({
      db: database.db,
      config: { logLevel: 'silent', ai },
      clock: fixedClock(NOW),
      storage: photos.storage,
      passcodeKey: TEST_PASSCODE_KEY,
      mailer: outbox.mailer,
    });
    app.addHook('onClose', photos.remove);
    app.addHook('onClose', outbox.remove);
    await app.ready();
    h = {
      app,
      database,
      storage: photos.storage,
      outbox,
      close: async () => {
        await app.close();
        await drop();
      },
    };
  });
  afterAll(async () => {
    await h?.close();
    await stub?.close();
  });

  it('answers the provider’s text, having sent it only this guest’s positive facts', async () => {
    stub.received.length = 0;
    stub.behave({ kind: 'ok', text: 'Tomato soup was tasty and Sam was friendly.' });
    const credentials = await createResponse(h.app, happyAnswers());
    const answer = await prompt(h.app, credentials);
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual({
      text: 'Tomato soup was tasty and Sam was friendly.',
      is_ai_valid: true,
    });

    expect(stub.received).toHaveLength(1);
    const body = stub.received[0]?.body;
    expect(body.model).toBe('venue-model');
    const user = JSON.parse(body.messages[1].content);
    expect(user.language).toBe('en-gb');
    const sent = JSON.stringify(user);
    for (const present of ['Food', 'Service', 'Tomato soup', 'Tasty', 'Sam', 'Friendly', 'Lovely terrace']) {
      expect(sent).toContain(present);
    }
    for (const absent of [
      'Atmosphere',
      'Chips',
      'Slow bar',
      'demo-bistro',
      'Demo Bistro',
      'secret',
      'guid',
    ]) {
      expect(sent).not.toContain(absent);
    }
  });

  it('a provider outage is invisible to the guest: the local draft is answered', async () => {
    stub.behave({ kind: 'status', status: 500 });
    const credentials = await createResponse(h.app, happyAnswers());
    const failed = await prompt(h.app, credentials);
    expect(failed.status).toBe(200);
    expect(failed.body.data.is_ai_valid).toBe(true);
    expect(failed.body.data.text).toMatch(/^My ratings: Food 5 out of 5 and Service 4 out of 5\. /);

    stub.behave({ kind: 'slow', delayMs: 30_000, text: 'late' });
    const slow = await prompt(h.app, credentials);
    expect(slow.status).toBe(200);
    expect(slow.body.data.text).toBe(failed.body.data.text);
  });
});
