import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ServicesState } from '@venue-voice/domain';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../platform/i18n';
import { ServicesQuestion, type ServiceView } from './services-question';

const services: ServiceView[] = [
  {
    id: 'food',
    name: 'Food',
    subQuestions: [
      { id: 'score', required: true, label: 'How was the food?', kind: 'rating' },
      {
        id: 'liked',
        required: true,
        label: 'What did you like?',
        kind: 'choices',
        choices: [
          { value: 'taste', label: 'Taste' },
          { value: 'portion', label: 'Portion' },
        ],
      },
      { id: 'comment', required: false, label: 'Anything else?', kind: 'text' },
    ],
  },
  {
    id: 'bar',
    name: 'Bar',
    subQuestions: [{ id: 'comment', required: false, label: 'Your drinks', kind: 'text' }],
  },
];

function renderServices(answers: ServicesState['answers'] = {}) {
  const onAnswers = vi.fn();
  render(
    <I18nextProvider i18n={i18n}>
      <ServicesQuestion
        legend="Your overall experience"
        services={services}
        answers={answers}
        onAnswers={onAnswers}
      />
    </I18nextProvider>,
  );
  return onAnswers;
}

describe('overall-experience services', () => {
  it('G4.59 Save stays disabled until every required sub-question has an answer (an empty list is none)', async () => {
    const user = userEvent.setup();
    const onAnswers = renderServices();
    await user.click(screen.getByRole('button', { name: /Food/ }));
    const dialog = screen.getByRole('dialog', { name: 'Food' });
    const save = within(dialog).getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    await user.click(within(dialog).getByRole('radio', { name: '4 out of 5' }));
    expect(save).toBeDisabled();
    await user.click(within(dialog).getByRole('checkbox', { name: 'Taste' }));
    expect(save).toBeEnabled();
    await user.click(within(dialog).getByRole('checkbox', { name: 'Taste' }));
    expect(save).toBeDisabled();
    await user.click(within(dialog).getByRole('checkbox', { name: 'Portion' }));
    await user.click(save);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(onAnswers).toHaveBeenLastCalledWith({ food: { score: 4, liked: ['portion'] } });
    expect(screen.getByRole('button', { name: /Food/ })).toHaveTextContent('Answered');
  });

  it('G4.58 closing with answers asks Close or Cancel; Close clears what was typed', async () => {
    const user = userEvent.setup();
    const onAnswers = renderServices();
    await user.click(screen.getByRole('button', { name: /Bar/ }));
    await user.type(screen.getByRole('textbox', { name: 'Your drinks' }), 'Great cocktails');
    await user.keyboard('{Escape}');
    const question = screen.getByRole('alertdialog');
    expect(question).toHaveAccessibleName(/Are you sure you want to close\?/);
    await user.click(within(question).getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('textbox', { name: 'Your drinks' })).toHaveValue('Great cocktails');
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // Reopened: nothing kept.
    await user.click(screen.getByRole('button', { name: /Bar/ }));
    expect(screen.getByRole('textbox', { name: 'Your drinks' })).toHaveValue('');
    expect(onAnswers).not.toHaveBeenCalled();
  });

  it('G4.58 reopening a saved service and closing it keeps what was saved', async () => {
    const user = userEvent.setup();
    renderServices({ bar: { comment: 'Saved before' } });
    await user.click(screen.getByRole('button', { name: /Bar/ }));
    expect(screen.getByRole('textbox', { name: 'Your drinks' })).toHaveValue('Saved before');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Bar/ })).toHaveTextContent('Answered');
  });
});
