/**
 * The built-in rating faces (indicator render type "emoji"), drawn as SVG rather than emoji
 * characters so they look the same on every phone and need no emoji font. `mood` runs from 0 (very
 * unhappy) to 1 (delighted); the mouth curves and the colour warms with it.
 */
export function RatingFace({ mood }: { mood: number }) {
  const clamped = Math.min(1, Math.max(0, mood));
  // -8 frowns, +8 smiles; the midpoint is a straight mouth.
  const curve = (clamped - 0.5) * 16;
  const hue = Math.round(clamped * 120);
  return (
    <svg viewBox="0 0 48 48" width="100%" height="100%" aria-hidden="true" focusable="false">
      <circle cx="24" cy="24" r="22" fill={`hsl(${hue} 75% 55%)`} stroke="#1a1a1a" strokeWidth="2" />
      <circle cx="17" cy="19" r="3" fill="#1a1a1a" />
      <circle cx="31" cy="19" r="3" fill="#1a1a1a" />
      <path
        d={`M14 32 Q24 ${32 + curve} 34 32`}
        fill="none"
        stroke="#1a1a1a"
        strokeWidth="3"
        strokeLinecap="round"
      />
    </svg>
  );
}

/** A five-pointed star, filled or outlined. */
export function RatingStar({ filled }: { filled: boolean }) {
  return (
    <svg viewBox="0 0 24 24" width="100%" height="100%" aria-hidden="true" focusable="false">
      <path
        d="M12 2.5l2.9 6.1 6.6.8-4.9 4.6 1.3 6.6L12 17.3l-5.9 3.3 1.3-6.6-4.9-4.6 6.6-.8z"
        fill={filled ? '#b45309' : 'none'}
        stroke="#78350f"
        strokeWidth="1.5"
        strokeLinejoin="round"
      />
    </svg>
  );
}
