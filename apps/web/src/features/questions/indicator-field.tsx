import { type Indicator, IndicatorKind, STAR_SIZE, type Survey } from '@venue-voice/domain';
import { useTranslation } from 'react-i18next';
import { RatingInput } from '../../ui/rating-input';
import { Slider } from '../../ui/slider';
import { ratingLook, ratingOptions } from './rating-look';

export interface IndicatorFieldProps {
  survey: Survey;
  indicator: Indicator;
  score: number | undefined;
  onScore(score: number): void;
}

/**
 * An indicator: NPS on the 0–10 slider with no start value (G4.68, G4.69); survey ratings, CSAT and
 * review ratings as the survey's rating look (emoji, stars at 3.5em, custom images), over the
 * indicator's own range trueMin…trueMax.
 */
export function IndicatorField({ survey, indicator, score, onScore }: IndicatorFieldProps) {
  const { t } = useTranslation('questions');
  const hint = indicator.isRequired ? t('required') : undefined;
  if (indicator.kind === IndicatorKind.NPS) {
    return (
      <div className="quiz__item">
        <Slider
          label={indicator.name}
          value={score ?? null}
          min={indicator.trueMin}
          max={indicator.trueMax}
          onChange={onScore}
          emptyText={t('slider.empty')}
          minLabel={t('slider.minLabel')}
          maxLabel={t('slider.maxLabel')}
          hint={hint}
        />
      </div>
    );
  }
  const look = ratingLook(survey);
  return (
    <div className="quiz__item">
      <RatingInput
        legend={indicator.name}
        hint={hint}
        look={look}
        size={look === 'stars' ? STAR_SIZE : undefined}
        options={ratingOptions(survey, indicator.trueMin, indicator.trueMax, t)}
        value={score ?? null}
        onChange={onScore}
      />
    </div>
  );
}
