import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  AskQuestionWhen,
  AspectRating,
  ContextFilterType,
  DemographicType,
  IndicatorKind,
  MenuInsightMode,
  QuestionFormat,
  ScoreDirection,
} from '../enums';
import type { MenuInsightConfig, Question } from '../schemas/question';
import { completeScreen, currentScreen, isSurveyFinished, startSurvey } from '../survey/build';
import { ctx, surveyWith } from '../survey/fixtures';
import { documentOf, type SurveyDocument } from './document';
import { documentFaults } from './faults';
import { parseDocument } from './parse';
import {
  EDITOR_QUESTION_KINDS,
  type EditorQuestionKind,
  kindOfQuestion,
  questionOfKind,
} from './question-kinds';

/**
 * Issue 31's property test: any document the editor can produce (questions of every kind, then the edits
 * its fields allow) passes the schema, has no fault and the engine builds and runs it; and a document with
 * one field corrupted is refused naming that field.
 */

const ALL_INDICATORS = surveyWith().indicators;

/** A label or option as the editor keeps one: anything with a character that is not a space (O15.36). */
const textArb = fc.string({ minLength: 1, maxLength: 20 }).filter((text) => text.trim() !== '');

/**
 * A survey's own demographic fields as the editor adds them (O15.35–O15.38): ids 1…n, options 1…m on a
 * dropdown only, a postcode always a text field; none (`null`): the company's fields.
 */
const demographicsArb = fc.option(
  fc
    .array(
      fc.record({
        type: fc.constantFrom(...Object.values(DemographicType)),
        label: textArb,
        select: fc.boolean(),
        required: fc.boolean(),
        options: fc.array(textArb, { minLength: 1, maxLength: 5 }),
      }),
      { maxLength: 5 },
    )
    .map((fields) => ({
      fields: fields.map((field, i) => {
        const select = field.select && field.type !== DemographicType.POSTCODE;
        return {
          id: i + 1,
          type: field.type,
          label: field.label,
          fieldType: select ? ('select' as const) : ('text' as const),
          required: field.required,
          options: select ? field.options.map((value, o) => ({ id: o + 1, value })) : [],
        };
      }),
    })),
);

/** A survey of 1–4 sections (each depending only on sections listed before it) and some indicators. */
const surveyArb = fc
  .record({
    demographics: demographicsArb,
    marketing: fc.option(fc.string({ maxLength: 40 })),
    sections: fc.array(fc.record({ weight: fc.integer({ min: 0, max: 100 }), deps: fc.array(fc.nat()) }), {
      minLength: 1,
      maxLength: 4,
    }),
    indicators: fc.subarray(ALL_INDICATORS),
    maximumQuestionCount: fc.integer({ min: 1, max: 30 }),
  })
  .map(({ sections, indicators, maximumQuestionCount, demographics, marketing }) =>
    surveyWith({
      ...(demographics === null ? {} : { demographics }),
      ...(marketing === null ? {} : { dataCapture: { enabled: true, marketingPermissionText: marketing } }),
      maximumQuestionCount,
      indicators,
      sections: sections.map((s, i) => ({
        id: `s${i}`,
        name: `Section ${i}`,
        weight: s.weight,
        dependsOn: i === 0 ? [] : [...new Set(s.deps.map((d) => `s${d % i}`))],
      })),
    }),
  );

/** The edits the question editor offers on one question, drawn without reference to the question yet. */
const rating = fc.constantFrom(...Object.values(AspectRating));

const editArb = fc.record({
  text: fc.string({ maxLength: 30 }),
  weight: fc.integer({ min: 0, max: 100 }),
  required: fc.boolean(),
  allowNotApplicable: fc.boolean(),
  topLevelRating: fc.boolean(),
  triggerComplaint: fc.boolean(),
  section: fc.nat(),
  numberStars: fc.integer({ min: 1, max: 10 }),
  stars: fc.array(fc.integer({ min: 1, max: 10 }), { maxLength: 4 }),
  dates: fc.option(
    fc.tuple(
      fc.date({ min: new Date('2024-01-01'), max: new Date('2026-12-31'), noInvalidDate: true }),
      fc.nat(400),
    ),
  ),
  txAskQuestion: fc.constantFrom(...Object.values(AskQuestionWhen)),
  answers: fc.array(fc.string({ maxLength: 12 }), { maxLength: 5 }),
  format: fc.option(fc.constantFrom(...Object.values(QuestionFormat))),
  multiSelect: fc.boolean(),
  followUps: fc.array(fc.nat(), { maxLength: 3 }),
  linked: fc.option(fc.nat()),
  filters: fc.array(
    fc.record({
      type: fc.constantFrom(...Object.values(ContextFilterType), 'somethingNew'),
      direction: fc.constantFrom(ScoreDirection.GREATER, ScoreDirection.LOWER),
      value: fc.integer({ min: 0, max: 200 }),
    }),
    { maxLength: 2 },
  ),
  threshold: fc.integer({ min: 0, max: 100 }),
  itemNumbers: fc.array(fc.stringMatching(/^[0-9]{1,5}$/), { maxLength: 3 }),
  menu: fc.record({
    mode: fc.constantFrom(...Object.values(MenuInsightMode)),
    ref: fc.option(fc.stringMatching(/^[A-Z0-9]{1,4}$/)),
    followUp: fc.boolean(),
    showIfs: fc.array(
      fc.option(fc.record({ rating: rating, opposite: fc.option(rating), hide: fc.boolean() })),
      {
        maxLength: 3,
      },
    ),
    reasons: fc.array(fc.string({ maxLength: 10 }), { maxLength: 3 }),
    aspects: fc.subarray(Object.values(AspectRating)),
    reasonMode: fc.constantFrom(0 as const, 1 as const, 2 as const),
  }),
  services: fc.array(
    fc.array(fc.constantFrom('rating' as const, 'text' as const, 'choices' as const), {
      minLength: 1,
      maxLength: 3,
    }),
    {
      minLength: 1,
      maxLength: 3,
    },
  ),
});
type Edit = typeof editArb extends fc.Arbitrary<infer T> ? T : never;

const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/** One question after the editor's edits; follow-ups only name later questions, so there is no loop. */
function edited(question: Question, edit: Edit, doc: SurveyDocument, position: number): Question {
  const sections = doc.survey.sections;
  const later = doc.questions.slice(position + 1).map((q) => q.id);
  const others = doc.questions.filter((q) => q.id !== question.id).map((q) => q.id);
  const stars = [...new Set(edit.stars.filter((s) => s <= edit.numberStars))];
  const choiceFormat =
    edit.format === QuestionFormat.ONE_DROPDOWN ||
    edit.format === QuestionFormat.ONE_RADIO ||
    edit.format === QuestionFormat.ONE_CHECKBOX;
  const textFormat =
    edit.format === QuestionFormat.TEXT_SINGLE || edit.format === QuestionFormat.TEXT_MULTIPLE;
  const keepsDisplay = question.menuInsight !== null || question.services !== null;
  const from = edit.dates ? isoDay(edit.dates[0]) : null;
  const to = edit.dates ? isoDay(new Date(edit.dates[0].getTime() + edit.dates[1] * 86_400_000)) : null;
  return {
    ...question,
    text: edit.text,
    weight: edit.weight,
    required: edit.required,
    allowNotApplicable: edit.allowNotApplicable,
    topLevelRating: edit.topLevelRating,
    triggerComplaint: edit.triggerComplaint,
    sectionId: sections[edit.section % sections.length]?.id ?? question.sectionId,
    numberStars: edit.numberStars,
    triggerStars: stars,
    dateRangeFrom: from,
    dateRangeTo: to,
    txAskQuestion: edit.txAskQuestion,
    ...(keepsDisplay
      ? {}
      : {
          otherQuestionsFormat: edit.format,
          commentMode: textFormat ? (question.commentMode ?? 'comment') : null,
          otherQuestionsAnswers: choiceFormat ? edit.answers.map((text, i) => ({ id: i + 1, text })) : [],
          multiSelect: edit.format === QuestionFormat.ONE_CHECKBOX && edit.multiSelect,
        }),
    followUpQuestions:
      later.length === 0 ? [] : [...new Set(edit.followUps.map((n) => later[n % later.length] as number))],
    followUpTriggers: [],
    linkedQuestion:
      edit.linked === null || others.length === 0 ? null : (others[edit.linked % others.length] as number),
    contextFilters: edit.filters,
    nps: question.nps === null ? null : { ...question.nps, score: edit.threshold % 11 },
    csat: question.csat === null ? null : { ...question.csat, score: edit.threshold },
    menuItemObjectNumbers: edit.itemNumbers,
    ...(question.menuInsight === null ? {} : menuEdits(question.menuInsight, edit.menu)),
    services: question.services === null ? null : servicesOf(edit.services),
  };
}

/** The menu-insight edits the editor offers: mode and its group, show-ifs (never a rating and itself), reasons. */
function menuEdits(config: MenuInsightConfig, menu: Edit['menu']): Partial<Question> {
  const ref = menu.ref;
  return {
    menuInsight: {
      ...config,
      mode: menu.mode,
      menuFamilyGroupRef: menu.mode === MenuInsightMode.FAMILY_GROUP ? ref : null,
      menuMajorGroupRef: menu.mode === MenuInsightMode.MAJOR_GROUP ? ref : null,
      followUpQuestion: menu.followUp,
      subQuestions: config.subQuestions.map((sub, i) => {
        const showIf = menu.showIfs[i];
        if (!showIf) return sub;
        const opposite = showIf.opposite === showIf.rating ? null : showIf.opposite;
        return { ...sub, showIf: { aspectRatingId: showIf.rating, oppositeId: opposite, hide: showIf.hide } };
      }),
      reasonSections: config.reasonSections.map((section) => ({
        ...section,
        reasons: menu.reasons.map((text, id) => ({ id: id + 1, text })),
      })),
    },
    aspectRatings: menu.aspects.map((aspectRatingId) => ({
      aspectRatingId,
      oppositeId: null,
      reasonMode: menu.reasonMode,
      title: '',
      reasons: menu.reasons.map((text, id) => ({ id: id + 1, text })),
    })),
  };
}

/** Services as the editor adds them: `service-n`, each with sub-questions `sub-n` of the drawn kinds. */
const servicesOf = (services: Edit['services']): Question['services'] =>
  services.map((kinds, s) => ({
    id: `service-${s + 1}`,
    name: `Service ${s + 1}`,
    subQuestions: kinds.map((kind, k) => ({
      id: `sub-${k + 1}`,
      label: '',
      kind,
      required: k === 0,
      choices: kind === 'choices' ? [{ id: 1, text: 'A' }] : [],
    })),
  }));

/** A document built as the editor builds one: kinds added one by one, then each question edited. */
const documentArb = (minQuestions = 0) =>
  fc
    .record({
      survey: surveyArb,
      kinds: fc.array(fc.constantFrom(...EDITOR_QUESTION_KINDS), { minLength: minQuestions, maxLength: 14 }),
      edits: fc.array(fc.option(editArb, { freq: 3 }), { maxLength: 14 }),
    })
    .map(({ survey, kinds, edits }) => {
      let doc = documentOf(survey, []);
      for (const kind of kinds) doc = { ...doc, questions: [...doc.questions, questionOfKind(kind, doc)] };
      const questions = doc.questions.map((q, i) => {
        const edit = edits[i];
        return edit ? edited(q, edit, doc, i) : q;
      });
      return { ...doc, questions };
    });

const scoresArb = fc.record({
  1: fc.integer({ min: 1, max: 5 }),
  2: fc.integer({ min: 0, max: 10 }),
  3: fc.integer({ min: 1, max: 5 }),
});

describe('documents the editor produces (issue 31 property test)', () => {
  it.each(EDITOR_QUESTION_KINDS)(
    'O15.1–O15.10 a new %s question passes the schema and adds no fault',
    (kind) => {
      const doc = documentOf(surveyWith(), []);
      const question = questionOfKind(kind, doc);
      const next = { ...doc, questions: [question] };
      expect(parseDocument(next).ok).toBe(true);
      expect(documentFaults(next)).toEqual([]);
      expect(kindOfQuestion(question)).toBe(kind);
    },
  );

  it('O15.4 a drill-down starts on the first indicator of its kind, or none', () => {
    const doc = documentOf(surveyWith(), []);
    const on = (kind: EditorQuestionKind, d: SurveyDocument = doc) => questionOfKind(kind, d).indicatorId;
    expect([on('ratingDrilldown'), on('npsFollowUp'), on('csatFollowUp')]).toEqual([1, 2, 3]);
    const ratingsOnly = documentOf(
      surveyWith({ indicators: ALL_INDICATORS.filter((i) => i.kind === IndicatorKind.SURVEY_RATING) }),
      [],
    );
    expect(on('npsFollowUp', ratingsOnly)).toBeNull();
    expect(questionOfKind('comment', { ...doc, questions: [questionOfKind('comment', doc)] }).id).toBe(2);
  });

  it('O15.25 any document the editor can produce passes the schema, has no fault, and the engine runs it', () => {
    fc.assert(
      fc.property(
        documentArb(),
        scoresArb,
        fc.boolean(),
        fc.boolean(),
        (doc, scores, withTransaction, answer) => {
          const parsed = parseDocument(JSON.parse(JSON.stringify(doc)));
          expect(parsed.ok ? [] : parsed.faults).toEqual([]);
          expect(documentFaults(doc)).toEqual([]);
          const context = ctx({ scores, ...(withTransaction ? {} : { transaction: null }) });
          let state = startSurvey({ survey: doc.survey, questions: doc.questions }, context);
          for (let step = 0; step < 100 && !isSurveyFinished(state); step++) {
            // Answers that trigger follow-ups on every kind: a choice, yes and no, a text.
            const screen = currentScreen(state);
            const answers = Object.fromEntries(
              (screen?.questionIds ?? []).map((id) => [
                id,
                answer ? { text: 'x', choices: [1, 2, 'yes', 'no'] } : {},
              ]),
            );
            state = completeScreen(state, answers, context);
          }
          expect(isSurveyFinished(state)).toBe(true);
        },
      ),
      { numRuns: 150 },
    );
  });

  /** One field of a question set to a value its schema refuses. */
  const corruptions: [string, unknown][] = [
    ['text', 7],
    ['weight', 'heavy'],
    ['weight', 2.5],
    ['numberStars', 11],
    ['questionType', 99],
    ['otherQuestionsFormat', 9],
    ['commentMode', 'shout'],
    ['sectionId', null],
    ['triggerStars', [0]],
    ['nps', { score: 'six', direction: 'l' }],
    ['csat', { score: 60, direction: 'lower' }],
    ['followUpQuestions', [-1]],
    ['linkedQuestion', 'q2'],
    ['dateRangeFrom', '14/06/2025'],
    ['txAskQuestion', 5],
    ['contextFilters', [{ type: 'numberInParty', direction: 'g' }]],
    ['otherQuestionsAnswers', [{ id: 1 }]],
    ['menuInsight', { mode: 9 }],
    ['services', []],
    ['required', 'yes'],
    ['indicatorId', -3],
    ['aspectRatings', [{ aspectRatingId: 4, oppositeId: null, reasonMode: 0, title: '', reasons: [] }]],
    [
      'menuInsight',
      {
        menuType: null,
        mode: 1,
        menuFamilyGroupRef: null,
        menuMajorGroupRef: null,
        followUpQuestion: false,
        subQuestions: [
          {
            id: 's',
            type: 'comments',
            label: '',
            required: false,
            showIf: { aspectRatingId: 4, oppositeId: null },
          },
        ],
        reasonSections: [],
      },
    ],
    ['services', [{ id: 'food', name: 'Food', subQuestions: [{ id: 'a', label: '', kind: 'stars' }] }]],
  ];

  /** One field of a survey's own demographic field set to a value its schema refuses. */
  const demographicCorruptions: [string, unknown][] = [
    ['id', 'one'],
    ['type', 6],
    ['label', null],
    ['fieldType', 'radio'],
    ['required', 'no'],
    ['options', [{ id: 1 }]],
    ['options', [{ id: 1, value: 'x'.repeat(201) }]],
  ];

  it('O15.25 O15.38 a document with a demographic field corrupted is refused naming that field', () => {
    fc.assert(
      fc.property(
        documentArb(),
        fc.nat(),
        fc.constantFrom(...demographicCorruptions),
        (doc, at, [field, value]) => {
          const input = JSON.parse(JSON.stringify(doc)) as {
            survey: { demographics?: { fields: Record<string, unknown>[] } };
          };
          const fields = input.survey.demographics?.fields ?? [];
          const gender = {
            id: 1,
            type: 1,
            label: 'Gender',
            fieldType: 'select',
            required: false,
            options: [],
          };
          if (fields.length === 0) fields.push(gender);
          input.survey.demographics = { fields };
          const index = at % fields.length;
          fields[index] = { ...fields[index], [field]: value };
          const parsed = parseDocument(input);
          expect(parsed.ok).toBe(false);
          if (!parsed.ok) {
            const path = `survey.demographics.fields.${index}.${field}`;
            expect(parsed.faults.map((f) => f.path).some((p) => p === path || p.startsWith(`${path}.`))).toBe(
              true,
            );
          }
        },
      ),
      { numRuns: 100 },
    );
  });

  it('O15.25 a document with one field corrupted is refused naming that field', () => {
    fc.assert(
      fc.property(documentArb(1), fc.nat(), fc.constantFrom(...corruptions), (doc, at, [field, value]) => {
        const index = at % doc.questions.length;
        const input = JSON.parse(JSON.stringify(doc)) as { questions: Record<string, unknown>[] };
        input.questions[index] = { ...input.questions[index], [field]: value };
        const parsed = parseDocument(input);
        expect(parsed.ok).toBe(false);
        if (!parsed.ok) {
          const path = `questions.${index}.${field}`;
          expect(parsed.faults.map((f) => f.path).some((p) => p === path || p.startsWith(`${path}.`))).toBe(
            true,
          );
        }
      }),
      { numRuns: 150 },
    );
  });
});
