import { QuestionFormat, QuestionType } from '@venue-voice/domain';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckboxField } from '../../ui/checkbox-field';
import { ChoiceQuestion } from './choice-question';
import { CommentQuestion } from './comment-question';
import { MenuInsightQuestion } from './menu-insight/menu-insight-question';
import type { QuestionProps } from './question-props';
import { RatingQuestion } from './rating-question';
import { ServicesField } from './services/services-question';
import { YesNoQuestion } from './yes-no-question';

/**
 * The widget for a question: a services list where the venue configured one (decision 0176), else by
 * type (menu insight), else by its format, else a rating.
 */
function widgetFor(props: QuestionProps): ComponentType<QuestionProps> {
  if (props.question.services !== null) return ServicesField;
  if (props.question.questionType === QuestionType.MENU_INSIGHT) return MenuInsightQuestion;
  switch (props.question.otherQuestionsFormat) {
    case QuestionFormat.ONE_DROPDOWN:
    case QuestionFormat.ONE_RADIO:
    case QuestionFormat.ONE_CHECKBOX:
      return ChoiceQuestion;
    case QuestionFormat.YES_NO_WHY:
      return YesNoQuestion;
    case QuestionFormat.TEXT_SINGLE:
    case QuestionFormat.TEXT_MULTIPLE:
      return CommentQuestion;
    default:
      return props.question.commentMode !== null ? CommentQuestion : RatingQuestion;
  }
}

/**
 * One question with its widget and, where the venue allows it, "Not applicable" (G2): ticking it
 * records `notApplicable` (the answer given so far is dropped) and sets the widget aside.
 */
export function QuestionField(props: Omit<QuestionProps, 'disabled' | 'hint'>) {
  const { t } = useTranslation('questions');
  const { question, answer, onAnswer } = props;
  const notApplicable = answer?.notApplicable === true;
  const Widget = widgetFor({ ...props, disabled: notApplicable });
  return (
    <div className="quiz__item">
      <Widget {...props} disabled={notApplicable} hint={question.required ? t('required') : undefined} />
      {question.allowNotApplicable && (
        <CheckboxField
          label={t('notApplicable')}
          context={question.text}
          checked={notApplicable}
          onChange={(checked) => onAnswer(checked ? { notApplicable: true } : {})}
        />
      )}
    </div>
  );
}
