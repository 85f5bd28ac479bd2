import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FittedTitle } from './fitted-title';

/** jsdom lays nothing out: the widths the browser would measure at the starting size are given here. */
function measure(textWidthAt28: number, boxWidth: number) {
  vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockImplementation(function (this: HTMLElement) {
    const size = Number.parseFloat(this.style.fontSize) || 28;
    return Math.round((textWidthAt28 * size) / 28);
  });
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(boxWidth);
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('FittedTitle', () => {
  it('keeps its size when the title fits', () => {
    measure(200, 326);
    render(<FittedTitle text="How was your visit?" />);
    const title = screen.getByRole('heading', { level: 1, name: 'How was your visit?' });
    expect(title).toHaveStyle({ fontSize: '28px', whiteSpace: 'nowrap' });
  });

  it('G4.78 a title too long for one line takes two at its full size, not a smaller font (0185)', () => {
    measure(420, 326);
    render(<FittedTitle text="How likely are you to recommend us?" />);
    expect(screen.getByRole('heading', { level: 1 })).toHaveStyle({ fontSize: '28px', whiteSpace: 'normal' });
  });

  it('G4.78 shrinks a title too long for two lines until it fits them', () => {
    measure(800, 326);
    render(<FittedTitle text="How likely are you to recommend us to your friends and family?" />);
    // Two lines of 326 px, each counted at 85 %: 28 × 554.2 / 800 = 19.4 → 19 px, rounded down.
    expect(screen.getByRole('heading', { level: 1 })).toHaveStyle({ fontSize: '19px', whiteSpace: 'normal' });
  });

  it('G4.78 never goes below 12 px; a title still too long then wraps', () => {
    measure(2000, 326);
    render(<FittedTitle text={'A very long title '.repeat(8)} />);
    expect(screen.getByRole('heading', { level: 1 })).toHaveStyle({ fontSize: '12px', whiteSpace: 'normal' });
  });
});
