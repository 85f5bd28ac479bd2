import { type CreatePayload, positiveNegativeAnswer, type SurveyDocument } from '@venue-voice/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies, responses } from '../src/db/schema';
import { databases } from './databases';
import { type Harness, startHarness, web } from './harness';
import { create, createPayload } from './submit-fixtures';
import { type Credentials, happyAnswers, prompt } from './support/prompt-fixtures';
import { publishChangedVersion } from './support/survey-version';

const FIRST_VISIT = 'Was this your first visit?';
const RENAMED = 'Is this your first time with us?';

/**
 * demo-bistro's version 2: question 120 reworded and question 130 (the positive/negative box) taken out,
 * with its translations.
 */
const version2 = (current: SurveyDocument): SurveyDocument => ({
  ...current,
  questions: current.questions
    .filter((q) => q.id !== 130)
    .map((q) => (q.id === 120 ? { ...q, text: RENAMED } : q)),
  translations: Object.fromEntries(
    Object.entries(current.translations).map(([lang, texts]) => [
      lang,
      Object.fromEntries(Object.entries(texts ?? {}).filter(([key]) => !key.startsWith('questions.130.'))),
    ]),
  ),
});

/** Only what a version-1 guest said in question 120 (a yes, why) and 130 (a positive box): two facts. */
const twoFacts = (): Partial<CreatePayload> => ({
  urlParams: { branchId: '1' },
  questionMap: [120, 130],
  answers: {
    indicators: [{ id: 3, score: 2 }],
    questions: [
      { id: 120, answer: { choices: ['yes'], text: 'A friend sent us' } },
      { id: 130, answer: positiveNegativeAnswer('Lovely terrace', '') },
    ],
    csatScore: null,
    npsScore: null,
  },
});

/**
 * Decision 0256 follow-up: the review suggestion (is_ai_valid at the create, survey.prompt) reads the
 * survey version the response answered, in the language the guest was served, so the draft quotes the
 * questions the guest saw.
 */
describe.each(databases())(
  'the suggestion of the version and language a guest answered on $name',
  (target) => {
    let h: Harness;
    beforeAll(async () => {
      h = await startHarness(target);
    });
    afterAll(async () => h?.close());

    const created = async (payload: CreatePayload, headers = web()) => {
      const answer = await create(h.app, payload, headers);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      return answer.body.data as Credentials & { is_ai_valid: boolean };
    };
    const storedVersion = async (id: number) =>
      (
        await h.database.db.select({ v: responses.surveyVersion }).from(responses).where(eq(responses.id, id))
      )[0]?.v;

    it('G7.11 O15.23 a German guest’s draft is in German and quotes the German question text', async () => {
      const credentials = await created(
        createPayload(happyAnswers()),
        web('demo-bistro', { 'x-language': 'de' }),
      );
      const answer = await prompt(h.app, credentials);
      expect(answer.status).toBe(200);
      expect(answer.body.data.is_ai_valid).toBe(true);
      const text: string = answer.body.data.text;
      expect(text).toMatch(/^Meine Bewertungen: Essen 5 von 5 und Service 4 von 5\. /);
      expect(text).toContain(
        'Auf die Frage „War das Ihr erster Besuch?“ habe ich mit Ja geantwortet: „A friend sent us“.',
      );
      expect(text).not.toContain(FIRST_VISIT);
      // An English guest of the same survey reads it in English.
      const english = await prompt(h.app, await created(createPayload(happyAnswers())));
      expect(english.body.data.text).toContain(`To the question “${FIRST_VISIT}” I answered yes`);

      // German the company does not offer (O3.10): served, and so drafted, in the survey's own language.
      await h.database.db
        .update(companies)
        .set({ languages: ['en-gb'] })
        .where(eq(companies.id, 1));
      try {
        const notOffered = await created(
          createPayload(happyAnswers()),
          web('demo-bistro', { 'x-language': 'de' }),
        );
        const own: string = (await prompt(h.app, notOffered)).body.data.text;
        expect(own).toContain(`To the question “${FIRST_VISIT}” I answered yes`);
      } finally {
        await h.database.db
          .update(companies)
          .set({ languages: ['en-gb', 'de', 'it', 'es'] })
          .where(eq(companies.id, 1));
      }
    });

    it('after version 2 rewords and removes questions, a version-1 response’s draft and is_ai_valid read version 1', async () => {
      await publishChangedVersion(h.database.db, version2);

      // Its guest started on version 1: two facts there, one in version 2 (which has no question 130).
      const onV1 = await created(createPayload({ ...twoFacts(), surveyVersion: 1 }));
      expect(await storedVersion(onV1.id)).toBe(1);
      expect(onV1.is_ai_valid).toBe(true);
      const answer = await prompt(h.app, onV1);
      expect(answer.body.data.is_ai_valid).toBe(true);
      expect(answer.body.data.text).toContain(
        `To the question “${FIRST_VISIT}” I answered yes: “A friend sent us”.`,
      );
      expect(answer.body.data.text).toContain('“Lovely terrace”');
      expect(answer.body.data.text).not.toContain(RENAMED);

      // In German, version 1's German texts.
      const germanV1 = await created(
        createPayload({ ...twoFacts(), surveyVersion: 1 }),
        web('demo-bistro', { 'x-language': 'de' }),
      );
      expect((await prompt(h.app, germanV1)).body.data.text).toContain('„War das Ihr erster Besuch?“');

      // A response on version 2 quotes version 2's wording.
      const onV2 = await created(
        createPayload({
          ...happyAnswers(),
          questionMap: [110, 120],
          answers: {
            ...happyAnswers().answers,
            questions: happyAnswers().answers.questions.filter((q) => q.id !== 130),
          },
        }),
      );
      expect(await storedVersion(onV2.id)).toBe(2);
      expect((await prompt(h.app, onV2)).body.data.text).toContain(
        `To the question “${RENAMED}” I answered yes`,
      );
      // A response from before versions (survey_version null) reads the current one.
      await h.database.db.update(responses).set({ surveyVersion: null }).where(eq(responses.id, onV2.id));
      expect((await prompt(h.app, onV2)).body.data.text).toContain(`To the question “${RENAMED}”`);
    });
  },
);
