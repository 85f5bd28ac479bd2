import { SLIDER_GREEN_FROM, SLIDER_MAX, SLIDER_MIN, SLIDER_YELLOW_FROM } from '../constants';

// Decimal values lose a little in binary ((4.6 - 1) / 4 is 0.8999…): a share this close to a band counts as in it.
const ROUNDING = 1e-9;

/** The slider's colour band; 'none' until the guest picks a value. */
export type SliderColour = 'none' | 'red' | 'yellow' | 'green';

/** G4.68: the slider starts with no value, so a guest who never touches it has not answered. */
export const initialSliderValue = (): number | null => null;

/**
 * G4.69: the colour of a slider value by its share of the range: red below 70 %, yellow from 70 %,
 * green from 90 %. On the 0–10 slider: 0–6 red, 7–8 yellow, 9–10 green. A value outside the range
 * is a bug in the caller and throws.
 */
export function sliderColour(value: number | null, min = SLIDER_MIN, max = SLIDER_MAX): SliderColour {
  if (!(max > min)) throw new RangeError(`Slider range ${min}..${max} is empty`);
  if (value === null) return 'none';
  if (!(value >= min && value <= max))
    throw new RangeError(`Slider value ${value} is outside ${min}..${max}`);
  // Division, not multiplication: 7 / 10 is exactly the double 0.7, while 0.7 * 10 exceeds 7.
  const share = (value - min) / (max - min);
  if (share >= SLIDER_GREEN_FROM - ROUNDING) return 'green';
  if (share >= SLIDER_YELLOW_FROM - ROUNDING) return 'yellow';
  return 'red';
}
