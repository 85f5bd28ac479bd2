import type { CSSProperties } from 'react';

/**
 * The built-in rating faces (indicator render type "emoji"), drawn as SVG rather than emoji
 * characters so they look the same on every phone and need no emoji font. `mood` runs from 0 (very
 * unhappy) to 1 (delighted): the mouth curves and the colour warms from red to green with it. Drawn on
 * a 48-unit grid with round ends, so they stay crisp from 32 to 64 px. The colours are CSS variables:
 * a face waiting to be chosen is drawn in greys, the chosen one (and the one under the pointer) in its
 * colour (ui.css `.face`).
 */
export function RatingFace({ mood }: { mood: number }) {
  const clamped = Math.min(1, Math.max(0, mood));
  // -7 frowns, +7 smiles; the midpoint is a straight mouth.
  const curve = (clamped - 0.5) * 14;
  const hue = Math.round(4 + clamped * 128);
  const colours = {
    '--face-colour': `hsl(${hue} 80% 62%)`,
    '--face-line': `hsl(${hue} 55% 32%)`,
  } as CSSProperties;
  return (
    <svg
      className="face"
      style={colours}
      viewBox="0 0 48 48"
      width="100%"
      height="100%"
      aria-hidden="true"
      focusable="false"
    >
      <circle className="face__skin" cx="24" cy="24" r="22.5" />
      <ellipse className="face__eye" cx="17" cy="19.5" rx="2.75" ry="3.25" />
      <ellipse className="face__eye" cx="31" cy="19.5" rx="2.75" ry="3.25" />
      <path className="face__mouth" d={`M15 ${32 - curve / 3} Q24 ${32 + curve} 33 ${32 - curve / 3}`} />
    </svg>
  );
}

/** A five-pointed star with rounded points, filled gold or outlined grey. */
export function RatingStar({ filled }: { filled: boolean }) {
  return (
    <svg viewBox="0 0 24 24" width="100%" height="100%" aria-hidden="true" focusable="false">
      <path
        d="M12 2.75l2.78 5.64 6.22.9-4.5 4.39 1.06 6.2L12 16.95l-5.56 2.93 1.06-6.2L3 9.29l6.22-.9z"
        fill={filled ? '#f5a524' : 'none'}
        stroke={filled ? '#b45309' : '#6b7280'}
        strokeWidth="1.5"
        strokeLinejoin="round"
      />
    </svg>
  );
}
