import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  documentFaults,
  documentOf,
  type EditorFault,
  IndicatorKind,
  parseDocument,
  type Question,
  QuestionFormat,
  QuestionType,
  type SurveyDocument,
} from '@venue-voice/domain';
import { type ComponentProps, forwardRef, useCallback, useMemo, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Providers } from '../../app/providers';
import { createQueryClient } from '../../app/query-client';
import { i18n } from '../../platform/i18n';
import { axeViolations } from '../../test/axe';
import { maxima, testSurvey } from '../../test/survey-document';
import { faultText } from '../../ui/field-faults';
import { blankQuestion, QUESTION_KINDS, QuestionEditor, type QuestionKind } from '.';
import { questionOptions } from './options';

/** The question text of each render of an editor's text box: which editors rendered (issue 31 item 7). */
const { rendered } = vi.hoisted(() => ({ rendered: [] as string[] }));
vi.mock('@mantine/core', async (importOriginal) => {
  const mantine = await importOriginal<typeof import('@mantine/core')>();
  const Textarea = forwardRef<HTMLTextAreaElement, ComponentProps<typeof mantine.Textarea>>((props, ref) => {
    rendered.push(String(props.value));
    return <mantine.Textarea ref={ref} {...props} />;
  });
  return { ...mantine, Textarea };
});

const indicator = (id: number, name: string, kind: number, trueMax = 5) => ({
  id,
  name,
  kind,
  weight: 50,
  isRequired: false,
  trueMin: kind === IndicatorKind.NPS ? 0 : 1,
  trueMax,
  csatWeight: 1,
});
const survey = testSurvey({
  surveyId: 70,
  slug: 'editor-test',
  name: 'Editor test',
  eposEnabled: true,
  maximumQuestionCount: 20,
  sections: [
    { id: 'main', name: 'Main', weight: 90 },
    { id: 'more', name: 'Tell us more', weight: 50 },
  ],
  indicators: [
    indicator(1, 'Food', IndicatorKind.SURVEY_RATING),
    indicator(2, 'Recommend', IndicatorKind.NPS, 10),
    indicator(3, 'Overall', IndicatorKind.CSAT),
  ],
  maxima: maxima(5, 2),
});

/** A document of the given kinds, added one after the other as "Add question" does. */
function documentOfKinds(...kinds: QuestionKind[]): SurveyDocument {
  let doc = documentOf(survey, []);
  for (const kind of kinds) doc = { ...doc, questions: [...doc.questions, blankQuestion(kind, doc)] };
  return doc;
}

interface ShellProps {
  start: SurveyDocument;
  index: number;
  faults: EditorFault[];
  onChange: (question: Question) => void;
}

/** Holds the document as the editor shell does, with a stable onChange of the index. */
function Shell({ start, index, faults, onChange }: ShellProps) {
  const [doc, setDoc] = useState(start);
  const change = useCallback(
    (question: Question) => {
      onChange(question);
      setDoc((d) => ({ ...d, questions: d.questions.map((q, i) => (i === index ? question : q)) }));
    },
    [index, onChange],
  );
  return <QuestionEditor document={doc} index={index} faults={faults} onChange={change} />;
}

/** The editor of question `index`; onChange is spied. */
function renderEditor(start: SurveyDocument, index = 0, faults: EditorFault[] = []) {
  const onChange = vi.fn<(question: Question) => void>();
  const view = render(
    <Providers queryClient={createQueryClient()} env="test">
      <main>
        <Shell start={start} index={index} faults={faults} onChange={onChange} />
      </main>
    </Providers>,
  );
  const last = () => onChange.mock.lastCall?.[0] as Question;
  return { ...view, onChange, last, user: userEvent.setup() };
}

/** What shows that each kind's own part is there. */
const KIND_MARK: Record<QuestionKind, () => HTMLElement> = {
  rating: () => screen.getByRole('textbox', { name: 'Number of stars' }),
  choice: () => screen.getByRole('button', { name: 'Add answer' }),
  yesNoWhy: () => screen.getByRole('checkbox', { name: 'Ask “why” after no' }),
  comment: () => screen.getByRole('combobox', { name: 'Text box' }),
  postcode: () => screen.getByRole('option', { name: 'Postcode (10 characters)', selected: true }),
  positiveNegative: () =>
    screen.getByRole('option', { name: 'Positive and negative comments', selected: true }),
  ratingDrilldown: () => screen.getByRole('group', { name: 'Ask when the rating is' }),
  npsFollowUp: () => screen.getByRole('textbox', { name: 'NPS score (0–10)' }),
  csatFollowUp: () => screen.getByRole('textbox', { name: 'CSAT score (0–100 %)' }),
  followUp: () => screen.getByRole('option', { name: 'None (asked only as a follow-up)', selected: true }),
  menuInsight: () => screen.getByRole('group', { name: 'Menu insight' }),
  product: () => screen.getByRole('combobox', { name: 'Menu type' }),
  context: () => screen.getByRole('combobox', { name: 'Filter 1' }),
  services: () => screen.getByRole('textbox', { name: 'Name of service 1' }),
};

// Whole editors in jsdom are slow on a busy machine; each test has 30 s.
describe('question editor (issue 31 item 1)', { timeout: 30_000 }, () => {
  it.each(QUESTION_KINDS.map((k) => [k.kind, k.label] as const))(
    'O15.1–O15.10 a new %s question passes the schema and documentFaults, and its fields show',
    async (kind, label) => {
      expect(i18n.exists(label)).toBe(true);
      const doc = documentOfKinds('comment', kind);
      const question = doc.questions[1] as Question;
      expect(question.id).toBe(2);
      expect(question.sectionId).toBe('main');
      expect(parseDocument(JSON.parse(JSON.stringify(doc))).ok).toBe(true);
      expect(documentFaults(doc)).toEqual([]);
      renderEditor(doc, 1);
      expect(screen.getByRole('textbox', { name: 'Question' })).toHaveValue('');
      expect(KIND_MARK[kind]()).toBeInTheDocument();
    },
  );

  it('O15.4 drill-downs start on the first indicator of their kind', () => {
    const doc = documentOfKinds('ratingDrilldown', 'npsFollowUp', 'csatFollowUp');
    expect(doc.questions.map((q) => q.indicatorId)).toEqual([1, 2, 3]);
  });

  it('changes the text, type, section, weight and flags through onChange', async () => {
    const { user, last } = renderEditor(documentOfKinds('comment'));
    await user.type(screen.getByRole('textbox', { name: 'Question' }), 'Why?');
    expect(last().text).toBe('Why?');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Section' }), 'Tell us more');
    expect(last().sectionId).toBe('more');
    const weight = screen.getByRole('textbox', { name: 'Weight (0–100)' });
    await user.clear(weight);
    await user.type(weight, '70');
    expect(last().weight).toBe(70);
    await user.click(screen.getByRole('checkbox', { name: 'Required' }));
    await user.click(screen.getByRole('checkbox', { name: 'Offer “Not applicable”' }));
    expect(last()).toMatchObject({ required: true, allowNotApplicable: true, text: 'Why?', weight: 70 });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Question type' }), 'Menu insight');
    expect(last().questionType).toBe(QuestionType.MENU_INSIGHT);
    expect(last().menuInsight?.subQuestions).toHaveLength(2);
  });

  it('edits a choice question: format, answers added with fresh ids, reordered and removed', async () => {
    const { user, last } = renderEditor(documentOfKinds('choice'));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Answer format' }), 'Checkboxes');
    await user.click(screen.getByRole('checkbox', { name: 'Several answers may be ticked' }));
    expect(last()).toMatchObject({ otherQuestionsFormat: QuestionFormat.ONE_CHECKBOX, multiSelect: true });
    await user.click(screen.getByRole('button', { name: 'Add answer' }));
    await user.type(screen.getByRole('textbox', { name: 'Answer 1' }), 'Taste');
    await user.click(screen.getByRole('button', { name: 'Add answer' }));
    await user.type(screen.getByRole('textbox', { name: 'Answer 2' }), 'Price');
    expect(last().otherQuestionsAnswers).toEqual([
      { id: 1, text: 'Taste' },
      { id: 2, text: 'Price' },
    ]);
    await user.click(screen.getByRole('button', { name: 'Move Answer 2 up' }));
    expect(last().otherQuestionsAnswers.map((a) => a.id)).toEqual([2, 1]);
    await user.click(screen.getByRole('button', { name: 'Remove Answer 1' }));
    expect(last().otherQuestionsAnswers).toEqual([{ id: 1, text: 'Taste' }]);
    await user.click(screen.getByRole('button', { name: 'Add answer' }));
    expect(last().otherQuestionsAnswers.map((a) => a.id)).toEqual([1, 2]);
  });

  it('O15.10 a rating drill-down: indicator, trigger stars within the scale, then an NPS threshold', async () => {
    const { user, last } = renderEditor(documentOfKinds('ratingDrilldown'));
    const stars = screen.getByRole('group', { name: 'Ask when the rating is' });
    await user.click(within(stars).getByRole('checkbox', { name: '4' }));
    expect(last().triggerStars).toEqual([1, 2, 4]);
    await user.click(within(stars).getByRole('checkbox', { name: '1' }));
    expect(last().triggerStars).toEqual([2, 4]);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Indicator' }), 'Recommend (NPS)');
    expect(last()).toMatchObject({ indicatorId: 2, nps: { score: 6, direction: 'l' }, csat: null });
    const score = screen.getByRole('textbox', { name: 'NPS score (0–10)' });
    await user.clear(score);
    await user.type(score, '8');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Ask when the score is' }), 'at or above');
    expect(last().nps).toEqual({ score: 8, direction: 'g' });
  });

  it('yes/no/why follow-ups, follow-up triggers and the linked question', async () => {
    const { user, last } = renderEditor(documentOfKinds('yesNoWhy', 'comment', 'rating'));
    await user.click(screen.getByRole('checkbox', { name: 'Ask “why” after yes' }));
    expect(last()).toMatchObject({ ynFollowupY: true, ynFollowupN: true });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Shown after question' }), '#3');
    expect(last().linkedQuestion).toBe(3);
    const followUps = screen.getByRole('combobox', { name: 'Follow-up questions' });
    await user.click(followUps);
    await user.click(within(await screen.findByRole('listbox')).getByRole('option', { name: '#2' }));
    expect(last().followUpQuestions).toEqual([2]);
    await user.click(screen.getByRole('combobox', { name: 'Ask the follow-ups after these answers' }));
    await user.click(within(await screen.findByRole('listbox')).getByRole('option', { name: 'No' }));
    expect(last().followUpTriggers).toEqual(['no']);
  });

  it('eligibility: transaction rule and context filters', async () => {
    const { user, last } = renderEditor(documentOfKinds('context'));
    await user.selectOptions(
      screen.getByRole('combobox', { name: 'Transaction' }),
      'Only with a transaction',
    );
    expect(last().txAskQuestion).toBe(1);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Filter 1' }), 'Time of day (hours)');
    await user.click(screen.getByRole('button', { name: 'Add filter' }));
    expect(last().contextFilters).toEqual([
      { type: 'timeOfDay', direction: 'g', value: 4 },
      { type: 'numberInParty', direction: 'g', value: 2 },
    ]);
    await user.click(screen.getByRole('button', { name: 'Remove filter 1' }));
    expect(last().contextFilters).toEqual([{ type: 'numberInParty', direction: 'g', value: 2 }]);
  });

  it('O15.9 eligibility dates: a typed date is set', async () => {
    const doc = documentOfKinds('comment');
    const { user, last } = renderEditor(doc);
    await user.type(screen.getByRole('textbox', { name: 'Asked from' }), '2025-06-01');
    await user.tab();
    expect(last().dateRangeFrom).toBe('2025-06-01');
  });

  it('O15.9 a date range running backwards shows its fault beside the end date', () => {
    const doc = documentOfKinds('comment');
    const broken = {
      ...doc,
      questions: doc.questions.map((q) => ({ ...q, dateRangeFrom: '2025-06-10', dateRangeTo: '2025-06-01' })),
    };
    const faults = documentFaults(broken);
    expect(faults.map((f) => `${f.path} ${f.key}`)).toEqual(['questions.0.dateRangeTo editor.dateOrder']);
    renderEditor(broken, 0, faults);
    expect(screen.getByRole('textbox', { name: 'Asked until' })).toHaveAccessibleDescription(
      faultText(faults[0] as EditorFault, i18n.t),
    );
  });

  it('menu insight: mode, sub-question show-if and reasons', async () => {
    const { user, last } = renderEditor(documentOfKinds('menuInsight'));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Dishes by' }), 'Major group');
    await user.type(screen.getByRole('textbox', { name: 'Major group reference' }), 'M1');
    expect(last().menuInsight).toMatchObject({ mode: 3, menuMajorGroupRef: 'M1' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sub-question 2: show for' }), 'Bad');
    expect(last().menuInsight?.subQuestions[1]?.showIf).toEqual({
      aspectRatingId: 1,
      oppositeId: null,
      hide: false,
    });
    await user.click(screen.getAllByRole('button', { name: 'Add reason' })[0] as HTMLElement);
    await user.type(screen.getByRole('textbox', { name: 'Reason 1 of section 1' }), 'Tasty');
    expect(last().menuInsight?.reasonSections[0]?.reasons).toEqual([{ id: 1, text: 'Tasty' }]);
    await user.click(screen.getByRole('button', { name: 'Add aspect rating' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Reason mode' }), '2');
    expect(last().aspectRatings).toEqual([
      { aspectRatingId: 1, oppositeId: null, reasonMode: 2, title: '', reasons: [] },
    ]);
  });

  it('O15.8 a show-if whose rating is its own opposite is named beside the sub-question', () => {
    const doc = documentOfKinds('menuInsight');
    const question = doc.questions[0] as Question;
    const config = question.menuInsight as NonNullable<Question['menuInsight']>;
    const broken = {
      ...doc,
      questions: [
        {
          ...question,
          menuInsight: {
            ...config,
            subQuestions: config.subQuestions.map((sub, i) =>
              i === 0 ? { ...sub, showIf: { aspectRatingId: 3, oppositeId: 3, hide: false } } : sub,
            ),
          },
        } as Question,
      ],
    };
    const faults = documentFaults(broken);
    expect(faults.map((f) => f.path)).toEqual(['questions.0.menuInsight.subQuestions.0.showIf.oppositeId']);
    renderEditor(broken, 0, faults);
    expect(screen.getByRole('combobox', { name: 'Sub-question 1: but not for' })).toHaveAccessibleDescription(
      faultText(faults[0] as EditorFault, i18n.t),
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('services: a service with a choices sub-question', async () => {
    const { user, last } = renderEditor(documentOfKinds('services'));
    await user.type(screen.getByRole('textbox', { name: 'Name of service 1' }), 'Food');
    await user.click(screen.getByRole('button', { name: 'Add a sub-question to service 1' }));
    const sub = screen.getByRole('group', { name: 'Service 1, sub-question 2' });
    await user.selectOptions(within(sub).getByRole('combobox', { name: 'Kind' }), 'Choices');
    await user.click(within(sub).getByRole('button', { name: 'Add choice' }));
    await user.type(within(sub).getByRole('textbox', { name: 'Choice 1' }), 'Hot');
    expect(last().services?.[0]).toMatchObject({
      name: 'Food',
      subQuestions: [
        { id: 'rating', kind: 'rating', required: true },
        { id: 'sub-2', kind: 'choices', choices: [{ id: 1, text: 'Hot' }] },
      ],
    });
  });

  it('O15.4 a fault at questions.N.indicatorId shows next to the indicator select; others on their own', () => {
    const doc = documentOfKinds('comment', 'ratingDrilldown');
    const broken = {
      ...doc,
      questions: doc.questions.map((q, i) => (i === 1 ? { ...q, indicatorId: 9 } : q)),
    };
    const faults = documentFaults(broken);
    const unknown = faults.find((f) => f.path === 'questions.1.indicatorId') as EditorFault;
    expect(unknown).toMatchObject({ key: 'editor.unknownIndicator' });
    const idFault: EditorFault = { path: 'questions.1.id', key: 'editor.duplicateId', params: { id: 1 } };
    renderEditor(broken, 1, [...faults, idFault]);
    const select = screen.getByRole('combobox', { name: 'Indicator' });
    expect(select).toHaveAccessibleDescription(faultText(unknown, i18n.t));
    expect(select).toHaveValue('9');
    const other = screen.getByRole('alert');
    expect(within(other).getByText(faultText(idFault, i18n.t))).toBeInTheDocument();
  });

  it('has no axe violations (a choice, a drill-down, a menu insight and services)', async () => {
    for (const kind of ['choice', 'ratingDrilldown', 'menuInsight', 'services'] as const) {
      const { unmount } = renderEditor(documentOfKinds(kind));
      expect(await axeViolations()).toEqual([]);
      unmount();
    }
  });

  it('issue 31 item 7: the follow-up options of 200 questions are shared until an id or text changes', () => {
    const doc = documentOfKinds(...Array.from({ length: 200 }, () => 'comment' as const));
    const options = questionOptions(doc.questions);
    expect(options).toHaveLength(200);
    const weighted = doc.questions.map((q, i) => (i === 5 ? { ...q, weight: 10 } : q));
    expect(questionOptions(weighted)).toBe(options);
    const retitled = doc.questions.map((q, i) => (i === 5 ? { ...q, text: 'New' } : q));
    expect(questionOptions(retitled)).not.toBe(options);
    expect(questionOptions(retitled)[5]).toEqual({ value: '6', label: '#6 New' });
  });

  it('issue 31 item 7: a keystroke in one question renders only its editor', async () => {
    const start = documentOfKinds('choice', 'choice', 'choice', 'choice');
    const texts = { ...start, questions: start.questions.map((q) => ({ ...q, text: `Q${q.id}` })) };
    render(
      <Providers queryClient={createQueryClient()} env="test">
        <main>
          <Many start={texts} />
        </main>
      </Providers>,
    );
    // Renders the first paint still has queued (Mantine's effects, on a busy machine later) are not the
    // keystrokes': let them settle before counting.
    await screen.findAllByRole('textbox', { name: 'Question' });
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    rendered.length = 0;
    const user = userEvent.setup();
    await user.click(screen.getAllByRole('button', { name: 'Add answer' })[2] as HTMLElement);
    await user.type(screen.getByRole('textbox', { name: 'Answer 1' }), 'ab');
    await user.type(screen.getAllByRole('textbox', { name: 'Weight (0–100)' })[2] as HTMLElement, '5');
    expect(rendered.length).toBeGreaterThan(0);
    expect(new Set(rendered)).toEqual(new Set(['Q3']));
  });
});

/** Every question's editor, as a shell listing them all would, each with a stable onChange. */
function Many({ start }: { start: SurveyDocument }) {
  const [doc, setDoc] = useState(start);
  const count = start.questions.length;
  const changes = useMemo(
    () =>
      Array.from(
        { length: count },
        (_, index) => (question: Question) =>
          setDoc((d) => ({ ...d, questions: d.questions.map((q, i) => (i === index ? question : q)) })),
      ),
    [count],
  );
  return doc.questions.map((q, index) => (
    <QuestionEditor key={q.id} document={doc} index={index} faults={[]} onChange={changes[index] as never} />
  ));
}
