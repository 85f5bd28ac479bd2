import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { RatingInput, type RatingLook, type RatingOption } from './rating-input';

const options: RatingOption[] = [1, 2, 3, 4, 5].map((value) => ({
  value,
  label: `${value} out of 5`,
  imageUrl: `/images/rating-${value}.png`,
}));

function Rated({ look, start = null }: { look: RatingLook; start?: number | null }) {
  const [value, setValue] = useState<number | null>(start);
  return <RatingInput legend="Food" look={look} options={options} value={value} onChange={setValue} />;
}

describe('RatingInput', () => {
  it('is a group of radio buttons named by the question; arrow keys choose', async () => {
    const user = userEvent.setup();
    render(<Rated look="emoji" />);
    const group = screen.getByRole('group', { name: 'Food' });
    const radios = within(group).getAllByRole('radio');
    expect(radios).toHaveLength(5);
    expect(radios.every((radio) => !(radio as HTMLInputElement).checked)).toBe(true);
    await user.tab();
    expect(radios[0]).toHaveFocus();
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(within(group).getByRole('radio', { name: '3 out of 5' })).toBeChecked();
  });

  it('stars light every value up to the chosen one', async () => {
    const user = userEvent.setup();
    const { container } = render(<Rated look="stars" />);
    await user.click(screen.getByRole('radio', { name: '4 out of 5' }));
    expect(container.querySelectorAll('.rating__option--lit')).toHaveLength(4);
  });

  it('emoji light only the chosen face', async () => {
    const user = userEvent.setup();
    const { container } = render(<Rated look="emoji" />);
    await user.click(screen.getByRole('radio', { name: '2 out of 5' }));
    expect(container.querySelectorAll('.rating__option--lit')).toHaveLength(1);
  });

  it.each(['customEmoji', 'customRating'] as const)(
    '%s shows the survey images, decorative beside their labels',
    (look) => {
      const { container } = render(<Rated look={look} />);
      const images = [...container.querySelectorAll('img')];
      expect(images.map((image) => image.getAttribute('src'))).toEqual(options.map((o) => o.imageUrl));
      expect(images.every((image) => image.getAttribute('alt') === '')).toBe(true);
    },
  );

  it('can be disabled', () => {
    render(<Rated look="emoji" start={3} />);
    expect(screen.getByRole('group', { name: 'Food' })).toBeEnabled();
    render(
      <RatingInput
        legend="Drinks"
        look="emoji"
        options={options}
        value={null}
        onChange={() => {}}
        disabled
      />,
    );
    expect(screen.getByRole('group', { name: 'Drinks' })).toBeDisabled();
  });
});
