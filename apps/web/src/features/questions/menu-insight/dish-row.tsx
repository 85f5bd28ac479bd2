import { AspectRating, type DishResponse } from '@venue-voice/domain';
import { useTranslation } from 'react-i18next';
import { RatingFace } from '../../../ui/rating-faces';
import type { Dish } from './dish-state';

/** The three menu-insight ratings (G9: scale 1–3, bad, neutral, good) with their faces. */
export const DISH_RATINGS = [
  { value: AspectRating.BAD, key: 'bad', mood: 0 },
  { value: AspectRating.NEUTRAL, key: 'neutral', mood: 0.5 },
  { value: AspectRating.GOOD, key: 'good', mood: 1 },
] as const;

export interface DishRowProps {
  dish: Dish;
  response: DishResponse | undefined;
  onRate(rating: AspectRating): void;
  /** Opens the dish dialog; absent when the question asks no follow-ups. */
  onDetails?: () => void;
  /** While another dish's dialog is open, the list waits (G4.42: the dialog is modal). */
  disabled?: boolean;
}

/** A dish with its three rating buttons (pressed = chosen) and, with follow-ups, a details button. */
export function DishRow({ dish, response, onRate, onDetails, disabled }: DishRowProps) {
  const { t } = useTranslation('questions');
  return (
    <li className="dish">
      {/* The name is read as the legend of the rating buttons. */}
      <span className="dish__name" aria-hidden="true">
        {dish.name}
      </span>
      <fieldset className="dish__ratings">
        <legend className="visually-hidden">{dish.name}</legend>
        {DISH_RATINGS.map((rating) => (
          <button
            key={rating.value}
            type="button"
            className="dish__rating"
            aria-pressed={response?.aspectRatingId === rating.value}
            disabled={disabled}
            onClick={() => onRate(rating.value)}
          >
            <RatingFace mood={rating.mood} />
            <span className="visually-hidden">{t(`menu.rating.${rating.key}`)}</span>
          </button>
        ))}
        {onDetails && (
          <button type="button" className="dish__details" disabled={disabled} onClick={onDetails}>
            {t('menu.details')}
          </button>
        )}
      </fieldset>
    </li>
  );
}
