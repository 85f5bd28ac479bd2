import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Slider } from './slider';

function Scored({ start = null }: { start?: number | null }) {
  const [value, setValue] = useState<number | null>(start);
  return <Slider label="Recommend" value={value} onChange={setValue} emptyText="Not answered yet" />;
}

const colourOf = (slider: HTMLElement) =>
  [...(slider.closest('.slider')?.classList ?? [])].find((name) => name.startsWith('slider--'));

describe('Slider', () => {
  it('G4.68 starts with no value and no colour', () => {
    render(<Scored />);
    const slider = screen.getByRole('slider', { name: 'Recommend' });
    expect(slider).toHaveAttribute('aria-valuetext', 'Not answered yet');
    expect(slider).toHaveAttribute('aria-valuemin', '0');
    expect(slider).toHaveAttribute('aria-valuemax', '10');
    expect(colourOf(slider)).toBe('slider--none');
  });

  it('moves by keyboard: a step up from none starts at 0, a step down at 10; Home, End, Page keys', async () => {
    const user = userEvent.setup();
    render(<Scored />);
    const slider = screen.getByRole('slider');
    slider.focus();
    await user.keyboard('{ArrowUp}');
    expect(slider).toHaveAttribute('aria-valuenow', '0');
    await user.keyboard('{PageUp}{ArrowRight}');
    expect(slider).toHaveAttribute('aria-valuenow', '3');
    await user.keyboard('{End}{ArrowRight}');
    expect(slider).toHaveAttribute('aria-valuenow', '10');
    await user.keyboard('{Home}{ArrowLeft}');
    expect(slider).toHaveAttribute('aria-valuenow', '0');
  });

  it('a step down from no value starts at the maximum', async () => {
    const user = userEvent.setup();
    render(<Scored />);
    screen.getByRole('slider').focus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('slider')).toHaveAttribute('aria-valuenow', '10');
  });

  it.each([
    [6, 'slider--red'],
    [7, 'slider--yellow'],
    [8, 'slider--yellow'],
    [9, 'slider--green'],
    [10, 'slider--green'],
    [0, 'slider--red'],
  ])('G4.69 colours %i as %s', (value, colour) => {
    render(<Scored start={value} />);
    expect(colourOf(screen.getByRole('slider'))).toBe(colour);
  });

  it('a tap on the track picks the nearest value', () => {
    const { container } = render(<Scored />);
    const track = container.querySelector('.slider__track') as HTMLElement;
    track.getBoundingClientRect = () => ({
      left: 100,
      width: 200,
      top: 0,
      height: 8,
      right: 300,
      bottom: 8,
      x: 100,
      y: 0,
      toJSON: () => ({}),
    });
    fireEvent.pointerDown(container.querySelector('.slider__area') as HTMLElement, {
      clientX: 251,
      pointerId: 1,
    });
    expect(screen.getByRole('slider')).toHaveAttribute('aria-valuenow', '8');
  });
});
