import { NOT_ENOUGH_INFORMATION } from '@venue-voice/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { responses, surveys } from '../src/db/schema';
import { databases } from './databases';
import { type Harness, startHarness, web } from './harness';
import { addOtherCompany, create, createPayload } from './submit-fixtures';
import { createResponse, happyAnswers, prompt, unhappyAnswers } from './support/prompt-fixtures';

const DEMO_BISTRO = 1;

describe.each(databases())('survey.prompt on $name', (target) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(target);
    await addOtherCompany(h.database.db);
  });
  afterAll(async () => h?.close());

  const setLocale = (locale: string) =>
    h.database.db.update(surveys).set({ templateLocale: locale }).where(eq(surveys.id, DEMO_BISTRO));
  const storedVerdict = async (id: number) =>
    (await h.database.db.select({ v: responses.isAiValid }).from(responses).where(eq(responses.id, id)))[0]
      ?.v;

  it('G7.9 drafts from the guest’s positive answers only, in English, and stores is_ai_valid', async () => {
    await setLocale('en-gb');
    const credentials = await createResponse(h.app, happyAnswers());
    const answer = await prompt(h.app, credentials);
    expect(answer.status).toBe(200);
    expect(answer.body.data.is_ai_valid).toBe(true);
    const text: string = answer.body.data.text;
    expect(text).toMatch(/^My ratings: Food 5 out of 5 and Service 4 out of 5\. /);
    expect(text).toContain('I would recommend it to friends and family.');
    expect(text).toContain('Tomato soup (Tasty, Well presented).');
    expect(text).toContain('About Tomato soup: “Rich”.');
    expect(text).toContain('A special thank you to Sam (Friendly).');
    expect(text).toContain('About Sam: “Remembered our order”.');
    expect(text).toContain('In my own words: “Lovely terrace”.');
    // G7.21 The "why" of a yes keeps its question.
    expect(text).toContain(
      'To the question “Was this your first visit?” I answered yes: “A friend sent us”.',
    );
    // The low rating, the bad dish and the negative box are never mentioned.
    expect(text).not.toMatch(/Atmosphere|Chips|Slow bar|Cold/);
    expect(await storedVerdict(credentials.id)).toBe(true);
    // G7.14 Asking again gives the same text.
    expect((await prompt(h.app, credentials)).body.data.text).toBe(text);
  });

  it('G7.11 writes in the survey’s language (German)', async () => {
    await setLocale('de');
    try {
      const credentials = await createResponse(h.app, happyAnswers());
      const answer = await prompt(h.app, credentials);
      expect(answer.status).toBe(200);
      expect(answer.body.data.is_ai_valid).toBe(true);
      expect(answer.body.data.text).toMatch(/^Meine Bewertungen: Food 5 von 5 und Service 4 von 5\. /);
      expect(answer.body.data.text).toContain('Ein besonderer Dank geht an Sam (Friendly).');
      expect(answer.body.data.text).toContain('„Lovely terrace“');
    } finally {
      await setLocale('en-gb');
    }
  });

  it.each(['en-gb', 'de'])(
    'G7.18 too little information answers the spec’s text with is_ai_valid false (%s)',
    async (locale) => {
      await setLocale(locale);
      try {
        const credentials = await createResponse(h.app, unhappyAnswers());
        const answer = await prompt(h.app, credentials);
        expect(answer.status).toBe(200);
        expect(answer.body).toEqual({ data: { text: NOT_ENOUGH_INFORMATION, is_ai_valid: false } });
        expect(await storedVerdict(credentials.id)).toBe(false);
      } finally {
        await setLocale('en-gb');
      }
    },
  );

  it('G7.18 a survey with suggestions turned off gets none, whatever the answers', async () => {
    const off = sql`jsonb_set(${surveys.definition}, '{aiRecommendation,suggestionsEnabled}', 'false'::jsonb)`;
    const on = sql`jsonb_set(${surveys.definition}, '{aiRecommendation,suggestionsEnabled}', 'true'::jsonb)`;
    await h.database.db.update(surveys).set({ definition: off }).where(eq(surveys.id, DEMO_BISTRO));
    try {
      const credentials = await createResponse(h.app, happyAnswers());
      const answer = await prompt(h.app, credentials);
      expect(answer.body).toEqual({ data: { text: NOT_ENOUGH_INFORMATION, is_ai_valid: false } });
    } finally {
      await h.database.db.update(surveys).set({ definition: on }).where(eq(surveys.id, DEMO_BISTRO));
    }
  });

  it('answers 401 (10029) without credentials, with a wrong secret, a malformed id or another company', async () => {
    const credentials = await createResponse(h.app, happyAnswers());
    const cases = [
      await prompt(h.app, null),
      await prompt(h.app, { id: credentials.id, secret: `${credentials.secret.slice(0, -2)}xx` }),
      await prompt(h.app, { id: credentials.id, secret: 'short' }),
      await prompt(h.app, { id: credentials.id + 1000, secret: credentials.secret }),
      await prompt(h.app, null, {
        ...web(),
        'x-response-id': 'abc',
        'x-response-secret': credentials.secret,
      }),
      await prompt(h.app, credentials, web('other-cafe')),
    ];
    for (const [index, answer] of cases.entries()) {
      expect(answer.status, `case ${index}`).toBe(401);
      expect(answer.body.error.code).toBe(10029);
    }
    // The secret of one response does not open another.
    const other = await createResponse(h.app, happyAnswers());
    const crossed = await prompt(h.app, { id: other.id, secret: credentials.secret });
    expect(crossed.status).toBe(401);
  });

  it('a thanked member id past the database’s integer range names nobody, never a 500', async () => {
    const answers = happyAnswers();
    const staff = { renderType: 1 as const, staffId: 3_000_000_000, subQuestions: [] };
    // A create naming a member who is not its staffId is refused now (D3.18)...
    const refused = await create(h.app, createPayload({ ...answers, staffId: null, staff }));
    expect(refused.status).toBe(400);
    expect(refused.body.error.code).toBe(10025);
    expect(refused.body.error.detail.fields).toEqual([
      { field: 'payload.staff.staffId', in: 'body', message: 'form.notInSurvey' },
    ]);
    // ...but a payload stored before the check may still name one: the draft names nobody.
    const credentials = await createResponse(h.app, answers);
    const [row] = await h.database.db
      .select({ payload: responses.payload })
      .from(responses)
      .where(eq(responses.id, credentials.id));
    await h.database.db
      .update(responses)
      .set({ payload: { ...(row?.payload as object), staffId: null, staff } })
      .where(eq(responses.id, credentials.id));
    const answer = await prompt(h.app, credentials);
    expect(answer.status).toBe(200);
    expect(answer.body.data.is_ai_valid).toBe(true);
    expect(answer.body.data.text).not.toContain('thank you');
  });

  it('a stored payload the generator cannot read is not enough, never a 500', async () => {
    const credentials = await createResponse(h.app, happyAnswers());
    await h.database.db
      .update(responses)
      .set({ payload: { answers: { questions: 'broken' }, staff: { renderType: 9 } } })
      .where(eq(responses.id, credentials.id));
    const answer = await prompt(h.app, credentials);
    expect(answer.status).toBe(200);
    expect(answer.body.data.is_ai_valid).toBe(false);
  });
});
