import { SCRATCH_CARD_HEIGHT, SCRATCH_CARD_WIDTH, SCRATCH_REVEAL_FRACTION } from '../constants';

/**
 * The scratch card as a grid of square cells: a cell counts as scratched once the finger or pointer
 * has touched it. Cells keep the reveal rule independent of pixels and of the canvas.
 */
export type ScratchCard = {
  width: number;
  height: number;
  cellPx: number;
  columns: number;
  rows: number;
  scratched: readonly boolean[];
  scratchedCount: number;
};

/** The side of a cell when the UI gives none: 480×240 makes a 48×24 grid. */
export const SCRATCH_CELL_PX = 10;

/** G4.62: an unscratched card, 480×240 unless sized otherwise. */
export function newScratchCard(
  width = SCRATCH_CARD_WIDTH,
  height = SCRATCH_CARD_HEIGHT,
  cellPx = SCRATCH_CELL_PX,
): ScratchCard {
  for (const [name, value] of Object.entries({ width, height, cellPx })) {
    if (!Number.isFinite(value) || value <= 0) throw new RangeError(`Scratch card ${name} must be positive`);
  }
  const columns = Math.ceil(width / cellPx);
  const rows = Math.ceil(height / cellPx);
  return {
    width,
    height,
    cellPx,
    columns,
    rows,
    scratched: new Array(columns * rows).fill(false),
    scratchedCount: 0,
  };
}

/** G4.62: the card is revealed once at least half of its cells are scratched. */
export function isScratchRevealed(scratchedCells: number, totalCells: number): boolean {
  if (totalCells <= 0) return true;
  return scratchedCells / totalCells >= SCRATCH_REVEAL_FRACTION;
}

/** G4.62: the revealed state of a card. */
export const scratchCardRevealed = (card: ScratchCard): boolean =>
  isScratchRevealed(card.scratchedCount, card.scratched.length);

/**
 * Scratches a round brush of `radiusPx` centred at (x, y) in card pixels: every cell whose centre lies
 * within the brush becomes scratched. Returns the same card when nothing changed.
 */
export function scratchAt(card: ScratchCard, x: number, y: number, radiusPx: number): ScratchCard {
  const { cellPx, columns, rows } = card;
  const first = (value: number) => Math.max(0, Math.floor((value - radiusPx) / cellPx));
  const last = (value: number, count: number) => Math.min(count - 1, Math.floor((value + radiusPx) / cellPx));
  let next: boolean[] | null = null;
  let added = 0;
  for (let row = first(y); row <= last(y, rows); row += 1) {
    for (let column = first(x); column <= last(x, columns); column += 1) {
      const index = row * columns + column;
      if (card.scratched[index]) continue;
      const dx = (column + 0.5) * cellPx - x;
      const dy = (row + 0.5) * cellPx - y;
      if (dx * dx + dy * dy > radiusPx * radiusPx) continue;
      next ??= [...card.scratched];
      next[index] = true;
      added += 1;
    }
  }
  return next === null ? card : { ...card, scratched: next, scratchedCount: card.scratchedCount + added };
}
