import { NO, YES } from '@venue-voice/domain';
import { useTranslation } from 'react-i18next';
import { ChoiceGroup } from '../../ui/choice-group';
import { TextArea } from '../../ui/text-area';
import { type YesNo, yesNoAnswer, yesNoOf } from './answers';
import { ANSWER_TEXT_MAX } from './limits';
import type { QuestionProps } from './question-props';

/**
 * Yes/no with the "why is that" box (G2), shown for the answers the question asks it for (ynFollowupY,
 * ynFollowupN). Switching to an answer without the box drops what was typed in it.
 */
export function YesNoQuestion({ question, answer, onAnswer, disabled, hint }: QuestionProps) {
  const { t } = useTranslation('questions');
  const choice = yesNoOf(answer);
  const why = answer?.text ?? '';
  const asksWhy = (value: YesNo | null) =>
    (value === YES && question.ynFollowupY) || (value === NO && question.ynFollowupN);
  return (
    <div className="question">
      <ChoiceGroup
        legend={question.text}
        hint={hint}
        disabled={disabled}
        choices={[
          { value: YES, label: t('yes') },
          { value: NO, label: t('no') },
        ]}
        value={choice ? [choice] : []}
        onChange={([value]) => {
          const next = value === YES || value === NO ? value : null;
          onAnswer(yesNoAnswer(next, asksWhy(next) ? why : ''));
        }}
      />
      {asksWhy(choice) && !disabled && (
        <TextArea
          label={t('why')}
          value={why}
          maxLength={ANSWER_TEXT_MAX}
          onChange={(text) => onAnswer(yesNoAnswer(choice, text))}
        />
      )}
    </div>
  );
}
