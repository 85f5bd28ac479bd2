import { fitTitleFontPx } from '@venue-voice/domain';
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

/** The lines a title may take at its full size before it shrinks (decision 0185). */
const TITLE_LINES = 2;
/** A wrapped line ends before the box does (the next word did not fit): count it a little short. */
const LINE_FILL = 0.85;

/**
 * The quiz title, its font shrunk to fit (G4.78: never below 12 px). It fits two lines at its starting
 * size before it shrinks, so a longer question reads as a title rather than shrinking below the size of
 * the questions under it (decision 0185); one that still does not fit at 12 px wraps further. Measured
 * at the starting size on every width change.
 */
export function FittedTitle({ text, startPx = 28, id, describedBy, ref }: FittedTitleProps) {
  const own = useRef<HTMLHeadingElement | null>(null);
  const [fit, setFit] = useState({ fontPx: startPx, wraps: false });

  // The text is measured through the DOM, so a new text must re-run the measurement.
  // biome-ignore lint/correctness/useExhaustiveDependencies: text changes what is measured.
  useLayoutEffect(() => {
    const heading = own.current;
    if (!heading) return;
    const measure = () => {
      heading.style.fontSize = `${startPx}px`;
      heading.style.whiteSpace = 'nowrap';
      const textWidthPx = heading.scrollWidth;
      const boxWidthPx = heading.clientWidth;
      const fontPx = fitTitleFontPx({
        fontPx: startPx,
        textWidthPx,
        boxWidthPx: boxWidthPx * TITLE_LINES * LINE_FILL,
      });
      const wraps = textWidthPx > boxWidthPx;
      // Leave the element as React renders it for this fit: React only writes styles that change.
      heading.style.fontSize = `${fontPx}px`;
      heading.style.whiteSpace = wraps ? 'normal' : 'nowrap';
      setFit({ fontPx, wraps });
    };
    measure();
    if (typeof ResizeObserver === 'undefined' || !heading.parentElement) return;
    const observer = new ResizeObserver(measure);
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
      style={{ fontSize: `${fit.fontPx}px`, whiteSpace: fit.wraps ? 'normal' : 'nowrap' }}
    >
      {text}
    </h1>
  );
}
