import { RATING_MIN, STAR_SIZE } from '@venue-voice/domain';
import { useTranslation } from 'react-i18next';
import { RatingInput } from '../../ui/rating-input';
import type { QuestionProps } from './question-props';
import { ratingLook, ratingOptions } from './rating-look';

/** A question answered with a rating (no select or text format): 1…numberStars, recorded as choices [value]. */
export function RatingQuestion({ survey, question, answer, onAnswer, disabled, hint }: QuestionProps) {
  const { t } = useTranslation('questions');
  const look = ratingLook(survey);
  const first = answer?.choices?.[0];
  return (
    <div className="question">
      <RatingInput
        legend={question.text}
        hint={hint}
        look={look}
        size={look === 'stars' ? STAR_SIZE : undefined}
        options={ratingOptions(survey, RATING_MIN, question.numberStars, t)}
        value={typeof first === 'number' ? first : null}
        disabled={disabled}
        onChange={(value) => onAnswer({ choices: [value] })}
      />
    </div>
  );
}
