import { POSTCODE_MAX, QuestionFormat } from '@venue-voice/domain';
import { useTranslation } from 'react-i18next';
import { TextArea } from '../../ui/text-area';
import { boxesOf, positiveNegative } from './answers';
import { ANSWER_TEXT_MAX } from './limits';
import type { QuestionProps } from './question-props';

/**
 * Comments (G2): a 4-row box; one line for a single-text question; the postcode, one line of at most
 * 10 characters with a hint once the limit is reached; or the positive and negative boxes, recorded as
 * choices [positive, negative] (G7.7).
 */
export function CommentQuestion({ question, answer, onAnswer, disabled, hint }: QuestionProps) {
  const { t } = useTranslation('questions');
  if (question.commentMode === 'positive_negative') {
    const [positive, negative] = boxesOf(answer);
    return (
      <fieldset className="question question--group" disabled={disabled}>
        <legend className="field__label">{question.text}</legend>
        {hint && <p className="field__hint">{hint}</p>}
        <TextArea
          label={t('positive')}
          value={positive}
          maxLength={ANSWER_TEXT_MAX}
          onChange={(text) => onAnswer(positiveNegative(text, negative))}
        />
        <TextArea
          label={t('negative')}
          value={negative}
          maxLength={ANSWER_TEXT_MAX}
          onChange={(text) => onAnswer(positiveNegative(positive, text))}
        />
      </fieldset>
    );
  }
  const postcode = question.commentMode === 'postcode';
  const text = answer?.text ?? '';
  return (
    <div className="question">
      <TextArea
        label={question.text}
        hint={hint}
        value={text}
        disabled={disabled}
        singleLine={postcode || question.otherQuestionsFormat === QuestionFormat.TEXT_SINGLE}
        maxLength={postcode ? POSTCODE_MAX : ANSWER_TEXT_MAX}
        limitHint={postcode ? t('postcodeLimit', { max: POSTCODE_MAX }) : undefined}
        autoComplete={postcode ? 'postal-code' : undefined}
        onChange={(value) => onAnswer(value === '' ? {} : { text: value })}
      />
    </div>
  );
}
