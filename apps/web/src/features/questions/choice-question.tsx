import { QuestionFormat } from '@venue-voice/domain';
import { useTranslation } from 'react-i18next';
import { ChoiceGroup } from '../../ui/choice-group';
import { SelectField } from '../../ui/select-field';
import { choiceIds, choiceValues } from './answers';
import type { QuestionProps } from './question-props';

/**
 * A select question (G2) as a dropdown, radio buttons or check boxes. Check boxes allow several
 * answers when the question is multiSelect; otherwise ticking one replaces the other.
 */
export function ChoiceQuestion({ question, answer, onAnswer, disabled, hint }: QuestionProps) {
  const { t } = useTranslation('questions');
  const choices = question.otherQuestionsAnswers.map((choice) => ({
    value: String(choice.id),
    label: choice.text,
  }));
  const value = choiceValues(answer);
  const send = (values: readonly string[]) => {
    const ids = choiceIds(values);
    onAnswer(ids.length === 0 ? {} : { choices: ids });
  };
  if (question.otherQuestionsFormat === QuestionFormat.ONE_DROPDOWN) {
    return (
      <div className="question">
        <SelectField
          label={question.text}
          hint={hint}
          choices={choices}
          value={value[0] ?? ''}
          emptyLabel={t('chooseAnswer')}
          disabled={disabled}
          onChange={(chosen) => send(chosen === '' ? [] : [chosen])}
        />
      </div>
    );
  }
  const checkboxes = question.otherQuestionsFormat === QuestionFormat.ONE_CHECKBOX;
  return (
    <div className="question">
      <ChoiceGroup
        legend={question.text}
        hint={hint}
        choices={choices}
        value={value}
        multiple={checkboxes}
        disabled={disabled}
        onChange={(values) => {
          if (!checkboxes || question.multiSelect) return send(values);
          // One answer only: keep the box just ticked.
          send(values.filter((v) => !value.includes(v)).slice(0, 1));
        }}
      />
    </div>
  );
}
