import { IndicatorRenderType, type Survey } from '@venue-voice/domain';
import type { TFunction } from 'i18next';
import type { RatingLook, RatingOption } from '../../ui/rating-input';

/** The survey's indicatorsRenderType as the rating widget's look (G1). */
export function ratingLook(survey: Survey): RatingLook {
  switch (survey.indicatorsRenderType) {
    case IndicatorRenderType.RATING:
      return 'stars';
    case IndicatorRenderType.CUSTOM_RATING:
      return survey.ratingImages.length > 0 ? 'customRating' : 'stars';
    case IndicatorRenderType.CUSTOM_EMOJI:
      return survey.ratingImages.length > 0 ? 'customEmoji' : 'emoji';
    default:
      return 'emoji';
  }
}

const WORDS = ['veryPoor', 'poor', 'average', 'good', 'excellent'] as const;

/**
 * The values min…max with what each is called: the survey's own image label when it has one, a word
 * on a five-point scale ("Good"), else "4 out of 7".
 */
export function ratingOptions(
  survey: Survey,
  min: number,
  max: number,
  t: TFunction<'questions'>,
): RatingOption[] {
  const count = max - min + 1;
  return Array.from({ length: Math.max(0, count) }, (_, index) => {
    const value = min + index;
    const own = survey.ratingImages.find((candidate) => candidate.value === value);
    // A custom rating may give one image for every value: it is repeated like a star.
    const image = own ?? survey.ratingImages[0];
    const word = count === WORDS.length ? WORDS[index] : undefined;
    const spoken = t('rating.outOf', { value, max });
    const label = own?.label || (word ? `${spoken} – ${t(`rating.${word}`)}` : spoken);
    return { value, label, ...(image ? { imageUrl: image.url } : {}) };
  });
}
