import { ApiFailure, createApiClient } from '@venue-voice/client';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases } from './databases';
import { type Harness, startHarness } from './harness';
import { createPayload } from './submit-fixtures';

// The typed client against the real server over HTTP: every read call parses with the domain schemas,
// so a server answer that drifts from the contract fails here.
describe.each(databases())('client contract on $name', (target) => {
  let harness: Harness;
  let baseUrl: string;

  beforeAll(async () => {
    harness = await startHarness(target);
    baseUrl = await harness.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => harness?.close());

  const guest = (slug = 'demo-bistro') =>
    createApiClient({ baseUrl, authType: 'web', clientId: 'venue-voice-web/0.8.16', surveySlug: slug });

  it('reads the demo survey config with every web edge', async () => {
    const edges = [
      'core',
      'surveys',
      'questions',
      'complaints',
      'data_capture',
      'demographics',
      'statics',
    ] as const;
    const config = await guest().survey.config({ edges });
    expect(config.core?.company.keyName).toBe('demo');
    expect(config.surveys?.[0]).toMatchObject({
      slug: 'demo-bistro',
      eposEnabled: true,
      showPinScreen: true,
    });
    expect(config.questions?.length).toBeGreaterThan(10);
  });

  // What the web app's setup asks for (its WEB_CONFIG_EDGES), on both demo surveys: the first guest
  // screen reads this answer as the web schema parsed it (decision 0173).
  it.each(['demo-bistro', 'demo-cafe'])(
    'reads the web config of %s as the setup asks for it',
    async (slug) => {
      const edges = ['core', 'surveys', 'questions', 'data_capture', 'demographics', 'statics'] as const;
      const config = await guest(slug).survey.webConfig({ edges });
      expect(config.surveys?.[0]).toMatchObject({ slug, aboutVisitEnabled: expect.any(Boolean) });
      expect(config.statics?.privacyPolicyUrl).toBeTruthy();
    },
  );

  it('reads branches sorted by distance from Manchester', async () => {
    const branches = await guest().survey.branch({ latitude: 53.48, longitude: -2.24 });
    expect(branches.map((branch) => branch.id)).toEqual([2, 1]);
    expect(branches[0]?.distance).toBeLessThan(2000);
  });

  it('looks up the demo receipt PIN and the PIN results', async () => {
    const api = guest();
    const found = await api.survey.transaction({
      branchId: 1,
      templateId: 1,
      pinType: 'pin',
      pin: '123456',
      date: 'now',
    });
    expect(found.pin.validData).toBe(true);
    expect(found.transaction?.check.covers).toBe(2);
    const missing = await api.survey.transaction({
      branchId: 1,
      templateId: 1,
      pinType: 'pin',
      pin: '999999',
      date: 'now',
    });
    expect(missing.pin).toMatchObject({ validData: false, error: 'NO-TRANSACTION-DATA' });
  });

  it('searches and exports the menu', async () => {
    const api = guest();
    const groups = await api.survey.menu.query('major_groups');
    expect(groups.length).toBeGreaterThanOrEqual(4);
    const products = await api.survey.menu.exportAll('products', 25);
    expect(products.length).toBeGreaterThanOrEqual(60);
    expect(new Set(products.map((product) => product.id)).size).toBe(products.length);
  });

  it('normalises an unknown slug to ApiFailure 10013 without showing the server text', async () => {
    const error = await guest('no-such-venue')
      .survey.config({ edges: ['core'] })
      .catch((e) => e);
    expect(error).toBeInstanceOf(ApiFailure);
    expect(error).toMatchObject({ status: 404, code: 10013, ui: false });
  });

  it('creates a response once, supplements it, prompts, tracks, uploads and deletes a photo', async () => {
    const api = guest();
    const payload = createPayload();
    const created = await api.survey.create(payload, 1);
    expect(await api.survey.create(payload, 1)).toEqual(created);
    const response = { id: created.id, secret: created.secret };
    expect(await api.survey.supplement({ permitted: true }, response)).toEqual({ id: created.id });
    const prompt = await api.survey.prompt(response);
    expect(typeof prompt.text).toBe('string');
    expect(await api.survey.track(['shared_email'], response)).toEqual({ recorded: 1 });
    const jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#c8553d' } })
      .jpeg()
      .toBuffer();
    const photo = await api.survey.upload(new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), response);
    expect(photo).toMatchObject({ width: 64, height: 48 });
    expect(await api.survey.deleteUpload(response)).toEqual({ deleted: true });
  });

  it('refuses a wrong response secret with 10029', async () => {
    const created = await guest().survey.create(createPayload(), 1);
    const error = await guest()
      .survey.track(['shared_email'], { id: created.id, secret: 'wrong' })
      .catch((e) => e);
    expect(error).toMatchObject({ status: 401, code: 10029 });
  });

  it('answers health', async () => {
    expect(await guest().health()).toMatchObject({ status: 'ok' });
  });
});
