import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases } from './databases';
import { type Harness, startHarness, web } from './harness';
import { addOtherCompany, cafePayload, create, createPayload, supplement } from './submit-fixtures';

interface Credentials {
  id: number;
  secret: string;
}

describe.each(databases())('response credentials (X-Response-Id, X-Response-Secret) on $name', (target) => {
  let h: Harness;
  let mine: Credentials;
  let another: Credentials;
  let foreign: Credentials;
  beforeAll(async () => {
    h = await startHarness(target);
    await addOtherCompany(h.database.db);
    mine = (await create(h.app, createPayload())).body.data;
    another = (await create(h.app, createPayload())).body.data;
    // other-cafe is a copy of demo-cafe: a create of its two ratings.
    foreign = (await create(h.app, cafePayload(), web('other-cafe'))).body.data;
  });
  afterAll(async () => {
    await h?.close();
  });

  const refused = (r: { status: number; body: { error?: { code: number } } }) => {
    expect(r.status).toBe(401);
    expect(r.body.error?.code).toBe(10029);
  };

  it('the id and secret of a create let its holder add to it', async () => {
    const r = await supplement(h.app, mine, { permitted: true });
    expect(r).toMatchObject({ status: 200, body: { data: { id: mine.id } } });
  });

  it('secrets are per response and 256 bits of base64url', () => {
    expect(mine.secret).not.toBe(another.secret);
    for (const s of [mine, another, foreign]) expect(s.secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('missing headers: 401 10029', async () => {
    refused(await supplement(h.app, null, { permitted: true }));
    refused(await supplement(h.app, { id: mine.id, secret: '' }, { permitted: true }));
    refused(await supplement(h.app, { id: '', secret: mine.secret }, { permitted: true }));
  });

  it('a wrong secret, one character off, or of another length: 401 10029', async () => {
    const last = mine.secret.at(-1) === 'A' ? 'B' : 'A';
    refused(await supplement(h.app, { id: mine.id, secret: `${mine.secret.slice(0, -1)}${last}` }, {}));
    refused(await supplement(h.app, { id: mine.id, secret: mine.secret.slice(0, 30) }, {}));
    refused(await supplement(h.app, { id: mine.id, secret: `${mine.secret}A` }, {}));
  });

  it("another response's secret: 401 10029", async () => {
    refused(await supplement(h.app, { id: mine.id, secret: another.secret }, { permitted: true }));
  });

  it("another company's response, even with its own secret: 401 10029", async () => {
    refused(await supplement(h.app, foreign, { permitted: true }));
    // Its own company's slug works: the refusal above is the tenancy check.
    const own = await supplement(h.app, foreign, { permitted: true }, web('other-cafe'));
    expect(own.status).toBe(200);
  });

  it.each([
    ['an unknown id', '999999'],
    ['an id that is not a number', 'abc'],
    ['an id past integer range', '99999999999'],
    ['a negative id', '-1'],
  ])('%s: 401 10029', async (_name, id) => {
    refused(await supplement(h.app, { id, secret: mine.secret }, { permitted: true }));
  });

  it('a secret with characters outside base64url: 401 10029, never a 500', async () => {
    refused(await supplement(h.app, { id: mine.id, secret: `${mine.secret.slice(0, -2)}+/` }, {}));
    refused(await supplement(h.app, { id: mine.id, secret: 'x'.repeat(600) }, {}));
  });

  it('credentials are checked before the body: a bad body with no secret is still 401', async () => {
    refused(await supplement(h.app, null, { contact: { email: 42 } }));
  });
});
