import { Fieldset, MultiSelect, NativeSelect, Stack } from '@mantine/core';
import { AspectRating, NO, type Question, QuestionFormat, QuestionType, YES } from '@venue-voice/domain';
import type { TFunction } from 'i18next';
import { type ReactElement, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { QuestionOption } from './options';
import { memoPart, type PartProps } from './section-props';

const NONE = '';

/** An answer a follow-up trigger may name: a choice id, yes or no, a star value or a dish rating. */
interface TriggerOption {
  value: string;
  label: string;
  trigger: number | string;
}

/** The answers of `question` that may trigger its follow-ups; none for a text answer (any answer does). */
export function triggerOptions(question: Question, t: TFunction): TriggerOption[] {
  if (question.questionType === QuestionType.MENU_INSIGHT)
    return Object.values(AspectRating).map((rating) => ({
      value: String(rating),
      label: t(`surveyEditor.question.ratings.${rating}`),
      trigger: rating,
    }));
  if (question.services !== null) return [];
  switch (question.otherQuestionsFormat) {
    case QuestionFormat.ONE_DROPDOWN:
    case QuestionFormat.ONE_RADIO:
    case QuestionFormat.ONE_CHECKBOX:
      return question.otherQuestionsAnswers.map((a) => ({
        value: String(a.id),
        label: a.text.trim() === '' ? `#${a.id}` : a.text,
        trigger: a.id,
      }));
    case QuestionFormat.YES_NO_WHY:
      return [
        { value: YES, label: t('surveyEditor.question.yes'), trigger: YES },
        { value: NO, label: t('surveyEditor.question.no'), trigger: NO },
      ];
    case null:
      if (question.commentMode !== null) return [];
      return Array.from({ length: question.numberStars }, (_, i) => ({
        value: String(i + 1),
        label: String(i + 1),
        trigger: i + 1,
      }));
    default:
      return [];
  }
}

const elements = new WeakMap<QuestionOption, ReactElement>();

/** One question's <option>, made once per option object (unchanged options keep theirs: options.ts). */
function optionElement(option: QuestionOption): ReactElement {
  let element = elements.get(option);
  if (!element) {
    element = (
      <option key={option.value} value={option.value}>
        {option.label}
      </option>
    );
    elements.set(option, element);
  }
  return element;
}

/** The chosen questions' options, for the follow-up list before it is opened. */
const chosen = (ids: readonly number[], questions: readonly QuestionOption[]) =>
  ids.map((id) => questions.find((o) => o.value === String(id)) ?? { value: String(id), label: `#${id}` });

interface FollowUpProps extends PartProps {
  /** Every question of the document as an option (shared, see options.ts). */
  questions: readonly QuestionOption[];
}

/**
 * Follow-ups (G4.10–G4.14): the questions asked right after this one when its answer is one of the
 * triggers (any answer when none is chosen), and the question this one is shown after when it is linked.
 */
function FollowUpView({ question, faults, update, questions }: FollowUpProps) {
  const { t } = useTranslation();
  // The follow-up list offers every question only once opened: until then it holds the chosen ones.
  const [opened, setOpened] = useState(false);
  const others = useMemo(
    () => questions.filter((option) => option.value !== String(question.id)),
    [questions, question.id],
  );
  const triggers = useMemo(() => triggerOptions(question, t), [question, t]);
  const missing = question.followUpQuestions
    .map(String)
    .filter((id) => !others.some((option) => option.value === id))
    .map((id) => ({ value: id, label: `#${id}` }));
  const linked = question.linkedQuestion === null ? NONE : String(question.linkedQuestion);
  const linkedMissing =
    linked !== NONE && !others.some((o) => o.value === linked)
      ? [{ value: linked, label: `#${linked}` }]
      : [];
  return (
    <Fieldset legend={t('surveyEditor.question.followUps')}>
      <Stack gap="sm">
        <MultiSelect
          label={t('surveyEditor.question.followUpQuestions')}
          data={opened ? [...others, ...missing] : chosen(question.followUpQuestions, questions)}
          onDropdownOpen={() => setOpened(true)}
          onFocus={() => setOpened(true)}
          value={question.followUpQuestions.map(String)}
          error={faults.at('followUpQuestions')}
          searchable
          clearable
          onChange={(values) => update({ followUpQuestions: values.map(Number) })}
        />
        {triggers.length > 0 && (
          <MultiSelect
            label={t('surveyEditor.question.followUpTriggers')}
            description={t('surveyEditor.question.followUpTriggersHint')}
            data={triggers}
            value={question.followUpTriggers.map(String).filter((v) => triggers.some((o) => o.value === v))}
            error={faults.at('followUpTriggers')}
            clearable
            onChange={(values) =>
              update({
                followUpTriggers: values.map(
                  (value) => triggers.find((o) => o.value === value)?.trigger ?? value,
                ),
              })
            }
          />
        )}
        <NativeSelect
          label={t('surveyEditor.question.linkedQuestion')}
          value={linked}
          error={faults.at('linkedQuestion')}
          onChange={(event) => {
            const value = event.currentTarget.value;
            update({ linkedQuestion: value === NONE ? null : Number(value) });
          }}
        >
          <option value={NONE}>{t('surveyEditor.question.none')}</option>
          {others.map(optionElement)}
          {linkedMissing.map(optionElement)}
        </NativeSelect>
      </Stack>
    </Fieldset>
  );
}

export const FollowUpFields = memoPart(FollowUpView, [
  'id',
  'followUpQuestions',
  'followUpTriggers',
  'linkedQuestion',
  'questionType',
  'services',
  'otherQuestionsFormat',
  'otherQuestionsAnswers',
  'commentMode',
  'numberStars',
]);
