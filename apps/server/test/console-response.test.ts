import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transactions, voucherCodes } from '../src/db/schema';
import { supplementResponse } from '../src/services/responses/supplement-response';
import { purgeContactDetails } from '../src/services/retention/contact-details';
import { databases } from './databases';
import { call, type Harness, NOW, startHarness } from './harness';
import { smallJpeg } from './security/tenants';
import { addOtherCompany } from './submit-fixtures';
import { CONSOLE, type ConsoleHeaders, DEMO_SIGN_INS, signIn } from './support/console';
import { attachPhoto, staffOf, storeResponses, surveyIdOf } from './support/inbox';

const DAY_MS = 86_400_000;

describe.each(databases())('GET /console/responses/{id} on $name', (target) => {
  let h: Harness;
  let owner: ConsoleHeaders;
  let manager: ConsoleHeaders;
  let full = 0;
  let plain = 0;
  let atTwo = 0;
  let foreign = 0;
  let staff = { id: 0, name: '' };

  beforeAll(async () => {
    h = await startHarness(target);
    const db = h.database.db;
    owner = await signIn(h, DEMO_SIGN_INS.owner.email, DEMO_SIGN_INS.owner.password);
    manager = await signIn(h, DEMO_SIGN_INS.manager.email, DEMO_SIGN_INS.manager.password);
    await addOtherCompany(db);
    staff = await staffOf(db, 1);
    const [check] = await db
      .insert(transactions)
      .values({
        branchId: 1,
        checkId: 'CHK-77',
        covers: 2,
        subtotal: 71.5,
        discount: 7.15,
        serviceCharge: 8.04,
        checkOpenTime: new Date('2018-05-01T09:00:00Z'),
        menuItems: [
          { menuItemObjectNumber: '1001', menuItemName: 'Soup of the day', type: 1, price: 6.5 },
          { menuItemObjectNumber: '1002', menuItemName: 'Burger', type: 1, price: 15, quantity: 2 },
        ],
      })
      .returning({ id: transactions.id });
    const ids = await storeResponses(db, [
      {
        branchId: 1,
        visit: '2018-05-01 10:00:00',
        source: 'app',
        language: 'de',
        userAgent: 'Mozilla/5.0 (Linux; Android 13; SM-X200)',
        transactionId: check?.id ?? null,
        csat: 40,
        nps: 6,
        complaint: true,
        staffId: staff.id,
        indicators: [
          { id: 1, score: 2 },
          { id: 5, score: 6 },
        ],
        questions: [
          { id: 101, answer: { choices: [1, 3] } },
          { id: 102, answer: { text: 'The soup was cold' } },
          {
            id: 110,
            answer: {
              extra: {
                menuInsight: [
                  { ref: '1001', aspectRatingId: 1, reasons: [1, 2], comment: 'Lukewarm' },
                  { ref: '1002', aspectRatingId: 3, reasons: [4] },
                  { ref: 'GONE', aspectRatingId: 2, reasons: [], otherReason: 'Not on the menu now' },
                ],
              },
            },
          },
          { id: 120, answer: { choices: ['yes'], text: 'Saw you on the high street' } },
        ],
        staff: {
          renderType: 1,
          staffId: staff.id,
          subQuestions: [
            { question_type: 'tags', answers: [1, 4] },
            { question_type: 'text', answers: ['Thank you!'] },
          ],
        },
      },
      { branchId: 1, visit: '2018-05-02 10:00:00' },
      { branchId: 2, visit: '2018-05-03 10:00:00' },
      {
        companyId: 2,
        branchId: 20,
        surveyId: await surveyIdOf(db, 'other-cafe'),
        visit: '2018-05-04 10:00:00',
      },
    ]);
    [full, plain, atTwo, foreign] = ids as [number, number, number, number];
    await attachPhoto(db, full, 'b'.repeat(32));
    await db.insert(voucherCodes).values({
      surveyId: 1,
      voucherId: 1,
      code: 'INBOX-TEST-1',
      state: 2,
      responseId: full,
      issuedAt: NOW,
    });
    await supplementResponse(
      db,
      { id: full, surveyId: 1, companyId: 1, branchId: 1 },
      { contact: { name: 'Ada Lovelace', email: 'ada@example.com' } },
      NOW,
    );
  });
  afterAll(async () => {
    await h?.close();
  });

  const read = (who: ConsoleHeaders, id: number | string) =>
    call(h.app, { method: 'GET', url: `${CONSOLE}/responses/${id}`, headers: who });

  it('shows every answer as the guest gave it, labelled from the survey', async () => {
    const answer = await read(owner, full);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const r = answer.body.data.response;
    expect(r).toMatchObject({
      id: full,
      branch: { id: 1, name: 'Demo Bistro Soho' },
      survey: { id: 1, name: 'Demo Bistro' },
      visitDatetime: '2018-05-01 10:00:00',
      receivedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      source: 'app',
      device: { kind: 'tablet', userAgent: 'Mozilla/5.0 (Linux; Android 13; SM-X200)' },
      language: 'de',
      csat: 40,
      nps: 6,
      npsGroup: 'detractor',
      complaint: true,
    });
    expect(r.indicators).toEqual([
      { id: 1, name: 'Food', kind: 'rating', score: 2, min: 1, max: 5 },
      { id: 5, name: 'Recommend', kind: 'nps', score: 6, min: 0, max: 10 },
    ]);
    const byQuestion = Object.fromEntries(r.answers.map((a: { questionId: number }) => [a.questionId, a]));
    expect(byQuestion[101]).toMatchObject({
      title: 'What let the food down?',
      kind: 'choice',
      drilldownOf: 'Food',
      choices: ['Temperature', 'Portion size'],
    });
    expect(byQuestion[102]).toMatchObject({ kind: 'text', text: 'The soup was cold', followUpOf: 101 });
    expect(byQuestion[110]).toMatchObject({ kind: 'menu', title: 'How were your dishes?' });
    expect(byQuestion[120]).toMatchObject({ kind: 'yesNo', yes: true, text: 'Saw you on the high street' });
  });

  it('names each dish from the menu with its rating and reasons', async () => {
    const { dishes } = (await read(owner, full)).body.data.response;
    expect(dishes).toEqual([
      {
        questionId: 110,
        ref: '1001',
        name: expect.any(String),
        rating: 1,
        ratingLabel: null,
        reasons: ['Cold', 'Bland'],
        comment: 'Lukewarm',
        otherReason: null,
      },
      {
        questionId: 110,
        ref: '1002',
        name: expect.any(String),
        rating: 3,
        ratingLabel: null,
        reasons: ['Hot and fresh'],
        comment: null,
        otherReason: null,
      },
      {
        questionId: 110,
        ref: 'GONE',
        name: null,
        rating: 2,
        ratingLabel: null,
        reasons: [],
        comment: null,
        otherReason: 'Not on the menu now',
      },
    ]);
  });

  it('shows the staff thanks, photo, voucher, receipt and contact details', async () => {
    const r = (await read(owner, full)).body.data.response;
    expect(r.staff).toEqual({
      id: staff.id,
      name: staff.name,
      tags: ['Friendly', 'Quick'],
      text: 'Thank you!',
    });
    expect(r.photo).toEqual({
      imageUrl: `/api/v1/uploads/photos/${full}/${'b'.repeat(32)}.jpg`,
      thumbnailUrl: `/api/v1/uploads/photos/${full}/${'b'.repeat(32)}-thumb.jpg`,
      width: 800,
      height: 600,
    });
    expect(r.voucher).toEqual({
      code: 'INBOX-TEST-1',
      name: '10% off your next visit',
      state: 'issued',
      issuedAt: NOW.toISOString(),
    });
    expect(r.receipt).toEqual({
      checkId: 'CHK-77',
      covers: 2,
      total: 72.39,
      openedAt: '2018-05-01T09:00:00.000Z',
      items: [
        { name: 'Soup of the day', price: 6.5, quantity: 1 },
        { name: 'Burger', price: 15, quantity: 2 },
      ],
    });
    expect(r.contact).toMatchObject({
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      givenAt: NOW.toISOString(),
    });
    expect(r).toMatchObject({ contactDeleted: false, contactRetentionDays: 7 });
  });

  it('the photo’s addresses are served to the console (the URL is the capability, decision 0030)', async () => {
    const bytes = await smallJpeg();
    const { photo } = (await read(owner, full)).body.data.response;
    for (const url of [photo.imageUrl, photo.thumbnailUrl]) {
      await h.storage.put(url.replace('/api/v1/uploads/', ''), bytes, 'image/jpeg');
      const served = await h.app.inject({ method: 'GET', url, headers: owner });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/jpeg');
      expect(served.rawPayload.equals(bytes)).toBe(true);
    }
  });

  it('says the contact details were deleted once the purge took them (decision 0233)', async () => {
    await purgeContactDetails(h.database.db, new Date(NOW.getTime() + 8 * DAY_MS));
    const r = (await read(owner, full)).body.data.response;
    expect(r).toMatchObject({ contact: null, contactDeleted: true });
    // A guest who never gave any: nothing was deleted.
    expect((await read(owner, plain)).body.data.response).toMatchObject({
      contact: null,
      contactDeleted: false,
    });
  });

  it('a response without answers, photo, voucher or receipt reads as empty, from the web', async () => {
    const r = (await read(owner, plain)).body.data.response;
    expect(r).toMatchObject({
      source: 'web',
      device: { kind: 'web' },
      answers: [],
      dishes: [],
      indicators: [],
      staff: null,
      photo: null,
      voucher: null,
      receipt: null,
    });
  });

  it('a manager of branch 1 reads branch 1’s, never branch 2’s or another company’s', async () => {
    expect((await read(manager, full)).status).toBe(200);
    for (const id of [atTwo, foreign]) {
      expect(await read(manager, id)).toMatchObject({ status: 404, body: { error: { code: 10014 } } });
    }
    expect(await read(owner, foreign)).toMatchObject({ status: 404, body: { error: { code: 10014 } } });
    expect(await read(owner, 2_000_000_000)).toMatchObject({ status: 404, body: { error: { code: 10014 } } });
  });

  it.each(['0', '01', 'abc', '1.5', '99999999999'])('refuses the id %s with 10009', async (id) => {
    expect(await read(owner, id)).toMatchObject({ status: 400, body: { error: { code: 10009 } } });
  });

  it('a blanked contact withdraws the marker: nothing was deleted by the purge', async () => {
    const ref = { id: plain, surveyId: 1, companyId: 1, branchId: 1 };
    await supplementResponse(h.database.db, ref, { contact: { email: 'x@example.com' } }, NOW);
    await supplementResponse(h.database.db, ref, { contact: { email: ' ' } }, NOW);
    expect((await read(owner, plain)).body.data.response).toMatchObject({
      contact: null,
      contactDeleted: false,
    });
    const rows = await h.database.db.select().from(voucherCodes).where(eq(voucherCodes.responseId, plain));
    expect(rows).toEqual([]);
  });
});
