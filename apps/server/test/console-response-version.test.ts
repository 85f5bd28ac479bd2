import type { SurveyDocument } from '@venue-voice/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { responses } from '../src/db/schema';
import { databases } from './databases';
import { call, type Harness, startHarness } from './harness';
import { create, createPayload } from './submit-fixtures';
import { CONSOLE, type ConsoleHeaders, DEMO_SIGN_INS, signIn } from './support/console';
import { publishChangedVersion } from './support/survey-version';

const QUESTION_102 = 'Tell us what happened so we can put it right';

/** demo-bistro's version 2: question 102 (101's follow-up) taken out, indicator 1 renamed. */
const version2 = (current: SurveyDocument): SurveyDocument => ({
  ...current,
  survey: {
    ...current.survey,
    indicators: (current.survey.indicators ?? []).map((i) => (i.id === 1 ? { ...i, name: 'Kitchen' } : i)),
  },
  questions: current.questions
    .filter((q) => q.id !== 102)
    .map((q) => (q.id === 101 ? { ...q, followUpQuestions: [] } : q)),
  translations: Object.fromEntries(
    Object.entries(current.translations).map(([lang, texts]) => [
      lang,
      Object.fromEntries(Object.entries(texts ?? {}).filter(([key]) => !key.startsWith('questions.102.'))),
    ]),
  ),
});

/**
 * Decision 0256 follow-up: the console's one response says which survey version its guest answered and
 * labels the answers from that version, so a question removed since still shows its text.
 */
describe.each(databases())('GET /console/responses/{id} of a survey version on $name', (target) => {
  let h: Harness;
  let owner: ConsoleHeaders;
  beforeAll(async () => {
    h = await startHarness(target);
    owner = await signIn(h, DEMO_SIGN_INS.owner.email, DEMO_SIGN_INS.owner.password);
  });
  afterAll(async () => h?.close());

  const read = async (id: number) => {
    const answer = await call(h.app, { method: 'GET', url: `${CONSOLE}/responses/${id}`, headers: owner });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body.data.response;
  };
  const created = async (payload: ReturnType<typeof createPayload>) => {
    const answer = await create(h.app, payload);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body.data.id as number;
  };
  const titleOf = (r: { answers: { questionId: number; title: string }[] }, id: number) =>
    r.answers.find((a) => a.questionId === id)?.title;

  it('a version-1 response after version 2 removed its question: "version 1", the question’s text kept', async () => {
    const onV1Before = await created(createPayload());
    await publishChangedVersion(h.database.db, version2);
    const onV1After = await created(createPayload({ surveyVersion: 1 }));

    for (const id of [onV1Before, onV1After]) {
      const r = await read(id);
      expect(r.surveyVersion).toBe(1);
      expect(titleOf(r, 102)).toBe(QUESTION_102);
      expect(r.answers.find((a: { questionId: number }) => a.questionId === 102)).toMatchObject({
        kind: 'text',
        text: 'Lovely evening',
      });
      expect(r.indicators).toEqual([expect.objectContaining({ id: 1, name: 'Food', score: 5 })]);
    }

    // A version-2 response reads version 2 (the current row).
    const onV2 = await created(
      createPayload({
        surveyVersion: 2,
        questionMap: [],
        answers: { questions: [], indicators: [{ id: 1, score: 4 }], csatScore: null, npsScore: null },
      }),
    );
    const r2 = await read(onV2);
    expect(r2.surveyVersion).toBe(2);
    expect(r2.indicators).toEqual([expect.objectContaining({ id: 1, name: 'Kitchen', score: 4 })]);
  });

  it('a response from before versions (survey_version null) says none and reads the current version', async () => {
    const id = await created(
      createPayload({
        questionMap: [],
        answers: { questions: [], indicators: [{ id: 1, score: 3 }], csatScore: null, npsScore: null },
      }),
    );
    await h.database.db.update(responses).set({ surveyVersion: null }).where(eq(responses.id, id));
    const r = await read(id);
    expect(r.surveyVersion).toBeNull();
    expect(r.indicators).toEqual([expect.objectContaining({ id: 1, name: 'Kitchen', score: 3 })]);
  });
});
