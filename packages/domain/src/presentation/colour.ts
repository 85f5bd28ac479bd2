/**
 * Colour arithmetic for a venue's branding: whatever colours a venue picks, the text and lines drawn
 * with them keep WCAG contrast (4.5:1 for text, 3:1 for focus rings and control borders). Colours are
 * hex, as the domain's schema accepts them; anything else is dropped.
 */
export type Rgb = [number, number, number];

const HEX = /^#(?:[0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;
const WHITE: Rgb = [255, 255, 255];
const WEIGHTS = [0.2126, 0.7152, 0.0722];

/** A colour we can both trust inside CSS and compute contrast for (its alpha is ignored). */
export function parseColour(value: string | null | undefined): Rgb | undefined {
  const text = value?.trim() ?? '';
  if (!HEX.test(text)) return undefined;
  const digits = text.slice(1);
  const full = digits.length <= 4 ? digits.replace(/./g, '$&$&') : digits;
  return [0, 2, 4].map((i) => Number.parseInt(full.slice(i, i + 2), 16)) as Rgb;
}

const luminance = (rgb: Rgb) =>
  rgb.reduce((sum, channel, i) => {
    const s = channel / 255;
    return sum + (WEIGHTS[i] ?? 0) * (s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4);
  }, 0);

/** WCAG contrast ratio of two colours (1 to 21). */
export function contrast(a: Rgb, b: Rgb): number {
  const [x, y] = [luminance(a), luminance(b)];
  return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05);
}

export const toHex = (rgb: Rgb) => `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;

/** The text colour (near-black or white) with the higher contrast on a background colour. */
export const readableTextOn = (background: Rgb): string =>
  contrast(background, [17, 17, 17]) >= contrast(background, WHITE) ? '#111111' : '#ffffff';

/**
 * The colour itself when it reaches `ratio` against white, else the lightest shade of it (mixed towards
 * black) that does: a venue's yellow stays recognisably its own as text or a ring on a white card.
 */
export function shadeOnWhite(colour: Rgb, ratio: number): Rgb {
  let shade = colour;
  for (let share = 1; contrast(shade, WHITE) < ratio; share -= 0.02) {
    shade = colour.map((c) => Math.round(c * share)) as Rgb;
  }
  return shade;
}

/** A 10 % tint of the colour on white, for selected surfaces (dark text stays readable on it). */
export const tintOnWhite = (colour: Rgb): Rgb => colour.map((c) => Math.round(c * 0.1 + 229.5)) as Rgb;

/** The shades of one branding colour the guest app draws (decision 0184); the console previews the same. */
export interface GuestShades {
  /** The colour as given (lowercase hex), the fill of buttons and chips. */
  colour: string;
  /** The text drawn on it: near-black or white, whichever reads better. */
  text: string;
  /** Text and control borders on a white card: the colour, or its lightest shade with 4.5:1. */
  ink: string;
  /** Focus and selection rings on white: the colour, or its lightest shade with 3:1. */
  ring: string;
  /** A 10 % tint on white for selected surfaces. */
  soft: string;
  /** The colour's own contrast on white (1 to 21): under 3 the guest app shades it for lines and text. */
  onWhite: number;
}

/** O3.3 Every shade the guest app makes of a branding colour; undefined for a value that is not hex. */
export function guestShades(value: string | null | undefined): GuestShades | undefined {
  const rgb = parseColour(value);
  if (!rgb || !value) return undefined;
  return {
    colour: value.trim().toLowerCase(),
    text: readableTextOn(rgb),
    ink: toHex(shadeOnWhite(rgb, 4.5)),
    ring: toHex(shadeOnWhite(rgb, 3)),
    soft: toHex(tintOnWhite(rgb)),
    onWhite: Math.round(contrast(rgb, WHITE) * 100) / 100,
  };
}
