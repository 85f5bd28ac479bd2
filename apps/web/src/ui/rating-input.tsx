import { type CSSProperties, useId } from 'react';
import { RatingFace, RatingStar } from './rating-faces';
import './ui.css';

/**
 * How a rating looks (guest-flow §1 indicator render types): built-in faces, stars, the survey's own
 * rating image repeated like stars, or the survey's own image per value ("custom emoji").
 */
export type RatingLook = 'emoji' | 'stars' | 'customRating' | 'customEmoji';

export interface RatingOption {
  value: number;
  /** What a screen reader says for this value ("4 – Good"). */
  label: string;
  /** The survey's image for this value (custom looks). */
  imageUrl?: string;
}

export interface RatingInputProps {
  /** The question or indicator, read as the group's name. */
  legend: string;
  look: RatingLook;
  options: readonly RatingOption[];
  value: number | null;
  onChange(value: number): void;
  disabled?: boolean;
  /** Star size (G9: 3.5em); other looks use the same box. */
  size?: string;
  /** Extra text read with the group (a "required" hint). */
  hint?: string;
}

/** Looks that fill every value up to the chosen one, like stars. */
const fills = (look: RatingLook) => look === 'stars' || look === 'customRating';

/**
 * A 1…n rating as a group of native radio buttons, so arrow keys, Space and screen readers work as
 * they do everywhere; the buttons are hidden behind their pictures, which carry the focus ring.
 */
export function RatingInput({
  legend,
  look,
  options,
  value,
  onChange,
  disabled,
  size,
  hint,
}: RatingInputProps) {
  const name = useId();
  const hintId = useId();
  return (
    <fieldset className="rating" disabled={disabled} aria-describedby={hint ? hintId : undefined}>
      <legend className="field__label">{legend}</legend>
      {hint && (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      )}
      <div
        className={`rating__options rating__options--${look}`}
        // The look's size caps the picture; on a narrow phone it shrinks to keep the row on one line.
        style={size ? ({ '--rating-size': size } as CSSProperties) : undefined}
      >
        {options.map((option, index) => {
          const checked = value === option.value;
          const lit = fills(look) ? value !== null && option.value <= value : checked;
          return (
            <label key={option.value} className={`rating__option${lit ? ' rating__option--lit' : ''}`}>
              <input
                className="visually-hidden"
                type="radio"
                name={name}
                value={option.value}
                checked={checked}
                onChange={() => onChange(option.value)}
              />
              <span className="rating__picture">
                <RatingPicture
                  look={look}
                  option={option}
                  lit={lit}
                  mood={index / Math.max(1, options.length - 1)}
                />
              </span>
              <span className="visually-hidden">{option.label}</span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}

function RatingPicture({
  look,
  option,
  lit,
  mood,
}: {
  look: RatingLook;
  option: RatingOption;
  lit: boolean;
  mood: number;
}) {
  if ((look === 'customRating' || look === 'customEmoji') && option.imageUrl) {
    return <img src={option.imageUrl} alt="" className="rating__image" />;
  }
  if (look === 'stars' || look === 'customRating') return <RatingStar filled={lit} />;
  return <RatingFace mood={mood} />;
}
