import {
  type ScratchCard as Card,
  newScratchCard,
  scratchAt,
  scratchCardRevealed,
} from '@venue-voice/domain';
import { type PointerEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { Button } from '../../ui/button';

/** The brush of a finger, in card pixels. */
const BRUSH_RADIUS = 22;

export interface ScratchCardLabels {
  /** What the card is, for assistive technology (it names the Reveal alternative). */
  card: string;
  /** The printed invitation on the cover. */
  cover: string;
  reveal: string;
}

/** Where a sparkle sits on the cover: fixed, so every card looks the same and a repaint matches. */
const SPARKLES = Array.from({ length: 36 }, (_, i) => ({
  x: ((i * 97) % 480) + 6,
  y: ((i * 53) % 240) + 4,
  r: 1 + (i % 3) * 0.6,
}));

/**
 * The cover, a brushed-silver foil with a dashed frame, sparkles and the invitation in the page's font
 * (a flat grey box reads as a broken image). Scratches are erased from it as they happen.
 */
function paintCover(canvas: HTMLCanvasElement, text: string) {
  const context = canvas.getContext('2d');
  if (!context) return;
  const { width, height } = canvas;
  const foil = context.createLinearGradient(0, 0, width, height);
  foil.addColorStop(0, '#aeb5c0');
  foil.addColorStop(0.35, '#eef1f5');
  foil.addColorStop(0.55, '#c5cbd4');
  foil.addColorStop(0.8, '#e6e9ee');
  foil.addColorStop(1, '#9ea6b3');
  context.globalCompositeOperation = 'source-over';
  context.fillStyle = foil;
  context.fillRect(0, 0, width, height);
  // Brushed lines, then the sparkles.
  context.strokeStyle = 'rgb(255 255 255 / 0.18)';
  context.lineWidth = 2;
  for (let x = -height; x < width; x += 14) {
    context.beginPath();
    context.moveTo(x, height);
    context.lineTo(x + height, 0);
    context.stroke();
  }
  context.fillStyle = 'rgb(255 255 255 / 0.75)';
  for (const sparkle of SPARKLES) {
    context.beginPath();
    context.arc(sparkle.x, sparkle.y, sparkle.r, 0, Math.PI * 2);
    context.fill();
  }
  context.setLineDash([10, 8]);
  context.strokeStyle = 'rgb(31 41 55 / 0.35)';
  context.lineWidth = 3;
  context.strokeRect(14, 14, width - 28, height - 28);
  context.setLineDash([]);
  const font = getComputedStyle(canvas).fontFamily || 'system-ui, sans-serif';
  context.fillStyle = '#1f2937';
  context.font = `600 34px ${font}`;
  context.textAlign = 'center';
  context.textBaseline = 'middle';
  context.fillText(text, width / 2, height / 2 - 6);
  // A scratch mark under the words, as a coin would leave it.
  context.strokeStyle = '#1f2937';
  context.lineWidth = 4;
  context.lineCap = 'round';
  context.beginPath();
  context.moveTo(width / 2 - 54, height / 2 + 30);
  for (let step = 1; step <= 6; step += 1) {
    context.lineTo(width / 2 - 54 + step * 18, height / 2 + (step % 2 === 0 ? 30 : 40));
  }
  context.stroke();
}

/**
 * G4.62: a scratch card over `children` (the prize). The cover is a canvas of the domain's size
 * (480×240); each stroke scratches the domain's grid of cells, and once half of them are scratched the
 * cover goes. Without a pointer (keyboard, screen reader) the Reveal button does the same at once; the
 * prize stays hidden from assistive technology until then so it is not read out early.
 */
export function ScratchCard({
  labels,
  onReveal,
  children,
}: {
  labels: ScratchCardLabels;
  onReveal: () => void;
  children: ReactNode;
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const card = useRef<Card>(newScratchCard());
  const scratching = useRef(false);
  const [revealed, setRevealed] = useState(false);

  useEffect(() => {
    const element = canvas.current;
    if (!element) return;
    paintCover(element, labels.cover);
    // Painted at once in whatever font is there; painted again in the page's own once it has loaded,
    // unless the guest has begun to scratch.
    let current = true;
    void document.fonts?.ready.then(() => {
      if (current && card.current.scratchedCount === 0) paintCover(element, labels.cover);
    });
    return () => {
      current = false;
    };
  }, [labels.cover]);

  const reveal = () => {
    setRevealed(true);
    onReveal();
  };

  const scratch = (event: PointerEvent<HTMLCanvasElement>) => {
    const element = event.currentTarget;
    const box = element.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) return;
    // The canvas is shown scaled to the screen: bring the pointer back to card pixels.
    const x = ((event.clientX - box.left) * card.current.width) / box.width;
    const y = ((event.clientY - box.top) * card.current.height) / box.height;
    card.current = scratchAt(card.current, x, y, BRUSH_RADIUS);
    const context = element.getContext('2d');
    if (context) {
      context.globalCompositeOperation = 'destination-out';
      context.beginPath();
      context.arc(x, y, BRUSH_RADIUS, 0, Math.PI * 2);
      context.fill();
    }
    if (scratchCardRevealed(card.current)) reveal();
  };

  return (
    <div className="scratch">
      <div
        className="scratch__card"
        style={{ aspectRatio: `${card.current.width} / ${card.current.height}` }}
      >
        <div className="scratch__prize" aria-hidden={!revealed}>
          {children}
        </div>
        {!revealed && (
          <canvas
            ref={canvas}
            className="scratch__cover"
            width={card.current.width}
            height={card.current.height}
            role="img"
            aria-label={labels.card}
            onPointerDown={(event) => {
              scratching.current = true;
              event.currentTarget.setPointerCapture?.(event.pointerId);
              scratch(event);
            }}
            onPointerMove={(event) => {
              if (scratching.current) scratch(event);
            }}
            onPointerUp={() => {
              scratching.current = false;
            }}
            onPointerCancel={() => {
              scratching.current = false;
            }}
          />
        )}
      </div>
      {!revealed && (
        <Button variant="secondary" className="scratch__reveal" onClick={reveal}>
          {labels.reveal}
        </Button>
      )}
    </div>
  );
}
