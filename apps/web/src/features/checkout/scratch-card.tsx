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

/** The silver cover, drawn once; scratches are erased from it as they happen. */
function paintCover(canvas: HTMLCanvasElement, text: string) {
  const context = canvas.getContext('2d');
  if (!context) return;
  context.fillStyle = '#8a8f98';
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.fillStyle = '#ffffff';
  context.font = '600 28px system-ui, sans-serif';
  context.textAlign = 'center';
  context.textBaseline = 'middle';
  context.fillText(text, canvas.width / 2, canvas.height / 2);
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
    if (canvas.current) paintCover(canvas.current, labels.cover);
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
