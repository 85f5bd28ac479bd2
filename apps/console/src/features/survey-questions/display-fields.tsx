import { Checkbox, Fieldset, Group, NativeSelect, Stack } from '@mantine/core';
import { type Question, QuestionFormat } from '@venue-voice/domain';
import { useTranslation } from 'react-i18next';
import { NumberStars } from './drilldown-fields';
import { IdTextList } from './item-list';
import { memoPart, type PartProps } from './section-props';

const RATING = 'rating';
const CHOICE_FORMATS: readonly number[] = [
  QuestionFormat.ONE_DROPDOWN,
  QuestionFormat.ONE_RADIO,
  QuestionFormat.ONE_CHECKBOX,
];
const TEXT_FORMATS: readonly number[] = [QuestionFormat.TEXT_SINGLE, QuestionFormat.TEXT_MULTIPLE];
const COMMENT_MODES = ['comment', 'postcode', 'positive_negative'] as const;

/** A rating: no select or text format (the guest sees stars or emoji, 1…numberStars). */
export const isRating = (q: Question) => q.otherQuestionsFormat === null && q.commentMode === null;

/** The format select's value of a format and back ('rating' for none). */
const formatValue = (format: number | null) => (format === null ? RATING : String(format));

/** How the question is shown (G2): a rating, choices, yes/no/why or a text box, with their settings. */
function DisplayView({ question, faults, update, starsHere }: PartProps & { starsHere: boolean }) {
  const { t } = useTranslation();
  const format = question.otherQuestionsFormat;
  return (
    <Fieldset legend={t('surveyEditor.question.display')}>
      <Stack gap="sm">
        <NativeSelect
          label={t('surveyEditor.question.format')}
          value={formatValue(format)}
          data={[RATING, ...Object.values(QuestionFormat).map(String)].map((value) => ({
            value,
            label: t(`surveyEditor.question.formats.${value}`),
          }))}
          error={faults.at('otherQuestionsFormat')}
          onChange={(event) => {
            const value = event.currentTarget.value;
            const next = value === RATING ? null : (Number(value) as QuestionFormat);
            const text = next !== null && TEXT_FORMATS.includes(next);
            update({
              otherQuestionsFormat: next,
              commentMode: text ? (question.commentMode ?? 'comment') : null,
              multiSelect: next === QuestionFormat.ONE_CHECKBOX && question.multiSelect,
            });
          }}
        />
        {isRating(question) && starsHere && (
          <NumberStars question={question} faults={faults} update={update} />
        )}
        {format !== null && TEXT_FORMATS.includes(format) && (
          <NativeSelect
            label={t('surveyEditor.question.commentMode')}
            value={question.commentMode ?? 'comment'}
            data={COMMENT_MODES.map((mode) => ({
              value: mode,
              label: t(`surveyEditor.question.commentModes.${mode}`),
            }))}
            error={faults.at('commentMode')}
            onChange={(event) =>
              update({ commentMode: event.currentTarget.value as (typeof COMMENT_MODES)[number] })
            }
          />
        )}
        {format === QuestionFormat.YES_NO_WHY && (
          <Group>
            <Checkbox
              label={t('surveyEditor.question.ynFollowupY')}
              checked={question.ynFollowupY}
              onChange={(event) => update({ ynFollowupY: event.currentTarget.checked })}
            />
            <Checkbox
              label={t('surveyEditor.question.ynFollowupN')}
              checked={question.ynFollowupN}
              onChange={(event) => update({ ynFollowupN: event.currentTarget.checked })}
            />
          </Group>
        )}
        {format === QuestionFormat.ONE_CHECKBOX && (
          <Checkbox
            label={t('surveyEditor.question.multiSelect')}
            checked={question.multiSelect}
            onChange={(event) => update({ multiSelect: event.currentTarget.checked })}
          />
        )}
        {format !== null && CHOICE_FORMATS.includes(format) && (
          <IdTextList
            legend={t('surveyEditor.question.answers')}
            itemLabel={(n) => t('surveyEditor.question.answerN', { n })}
            addLabel={t('surveyEditor.question.addAnswer')}
            items={question.otherQuestionsAnswers}
            faults={faults}
            path="otherQuestionsAnswers"
            onChange={(otherQuestionsAnswers) => update({ otherQuestionsAnswers })}
          />
        )}
      </Stack>
    </Fieldset>
  );
}

export const DisplayFields = memoPart(DisplayView, [
  'otherQuestionsFormat',
  'commentMode',
  'multiSelect',
  'ynFollowupY',
  'ynFollowupN',
  'otherQuestionsAnswers',
  'numberStars',
  'triggerStars',
]);
