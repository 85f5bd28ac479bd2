import { fitTitleFontPx, TITLE_FONT_MIN_PX } from '@venue-voice/domain';
import { type Ref, useLayoutEffect, useRef, useState } from 'react';

export interface FittedTitleProps {
  text: string;
  /** The size the title starts at before shrinking (px). */
  startPx?: number;
  id?: string;
  /** Id of what is read with the title when it takes the focus (the screen's progress). */
  describedBy?: string;
  ref?: Ref<HTMLHeadingElement>;
}

/**
 * The quiz title on one line, its font shrunk to fit the width (G4.78: never below 12 px; at 12 px a
 * longer title wraps instead). Measured at the starting size on every width change.
 */
/** At the minimum size a title that still does not fit wraps instead of overflowing. */
const wraps = (fontPx: number) => fontPx <= TITLE_FONT_MIN_PX;

export function FittedTitle({ text, startPx = 28, id, describedBy, ref }: FittedTitleProps) {
  const own = useRef<HTMLHeadingElement | null>(null);
  const [fontPx, setFontPx] = useState(startPx);

  // The text is measured through the DOM, so a new text must re-run the measurement.
  // biome-ignore lint/correctness/useExhaustiveDependencies: text changes what is measured.
  useLayoutEffect(() => {
    const heading = own.current;
    if (!heading) return;
    const fit = () => {
      heading.style.fontSize = `${startPx}px`;
      heading.style.whiteSpace = 'nowrap';
      const fitted = fitTitleFontPx({
        fontPx: startPx,
        textWidthPx: heading.scrollWidth,
        boxWidthPx: heading.clientWidth,
      });
      // Leave the element as React renders it for `fitted`: React only writes styles that change.
      heading.style.fontSize = `${fitted}px`;
      heading.style.whiteSpace = wraps(fitted) ? 'normal' : 'nowrap';
      setFontPx(fitted);
    };
    fit();
    if (typeof ResizeObserver === 'undefined' || !heading.parentElement) return;
    const observer = new ResizeObserver(fit);
    observer.observe(heading.parentElement);
    return () => observer.disconnect();
  }, [text, startPx]);

  return (
    <h1
      id={id}
      aria-describedby={describedBy}
      ref={(node) => {
        own.current = node;
        if (typeof ref === 'function') ref(node);
        else if (ref) ref.current = node;
      }}
      tabIndex={-1}
      className="quiz__title"
      style={{ fontSize: `${fontPx}px`, whiteSpace: wraps(fontPx) ? 'normal' : 'nowrap' }}
    >
      {text}
    </h1>
  );
}
