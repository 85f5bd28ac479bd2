import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  type ExperienceServiceConfig,
  type QuestionAnswer,
  QuestionType,
  questionSchema,
} from '@venue-voice/domain';
import { useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../platform/i18n';
import { QuestionField } from '../question-field';
import { bistroSurvey } from '../test-fixtures';
import type { SavedServices } from './services-answer';
import { ServicesQuestion } from './services-question';

const services: ExperienceServiceConfig[] = [
  {
    id: 'food',
    name: 'Food',
    subQuestions: [
      { id: 'score', required: true, label: 'How was the food?', kind: 'rating', choices: [] },
      {
        id: 'liked',
        required: true,
        label: 'What did you like?',
        kind: 'choices',
        choices: [
          { id: 1, text: 'Taste' },
          { id: 2, text: 'Portion' },
        ],
      },
      { id: 'comment', required: false, label: 'Anything else?', kind: 'text', choices: [] },
    ],
  },
  {
    id: 'bar',
    name: 'Bar',
    subQuestions: [{ id: 'comment', required: false, label: 'Your drinks', kind: 'text', choices: [] }],
  },
];

/** The list as a screen holds it: the saved answers live above it, as the run keeps them. */
function Services({
  initial,
  onAnswers,
}: {
  initial: SavedServices;
  onAnswers(answers: SavedServices): void;
}) {
  const [answers, setAnswers] = useState(initial);
  return (
    <ServicesQuestion
      survey={bistroSurvey()}
      legend="Your overall experience"
      services={services}
      answers={answers}
      onAnswers={(next) => {
        setAnswers(next);
        onAnswers(next);
      }}
    />
  );
}

function renderServices(answers: SavedServices = {}) {
  const onAnswers = vi.fn();
  render(
    <I18nextProvider i18n={i18n}>
      <Services initial={answers} onAnswers={onAnswers} />
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
    await user.click(within(dialog).getByRole('radio', { name: /^4 out of 5/ }));
    expect(save).toBeDisabled();
    await user.click(within(dialog).getByRole('checkbox', { name: 'Taste' }));
    expect(save).toBeEnabled();
    await user.click(within(dialog).getByRole('checkbox', { name: 'Taste' }));
    expect(save).toBeDisabled();
    await user.click(within(dialog).getByRole('checkbox', { name: 'Portion' }));
    await user.click(save);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(onAnswers).toHaveBeenLastCalledWith({ food: { score: 4, liked: ['2'] } });
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

/** A survey question carrying the services list, answered through the questions screen's field. */
function Field({ required }: { required?: boolean }) {
  const [answer, setAnswer] = useState<QuestionAnswer | undefined>();
  return (
    <I18nextProvider i18n={i18n}>
      <QuestionField
        survey={bistroSurvey()}
        question={questionSchema.parse({
          id: 126,
          templateId: 1,
          sectionId: 'questions',
          questionType: QuestionType.OTHER,
          text: 'How was each part of your visit?',
          required,
          allowNotApplicable: true,
          services,
        })}
        answer={answer}
        onAnswer={setAnswer}
      />
      <output data-testid="answer">{JSON.stringify(answer ?? null)}</output>
    </I18nextProvider>
  );
}
const answer = () => JSON.parse(screen.getByTestId('answer').textContent ?? 'null');

describe('the services question on a question screen (decision 0176)', () => {
  it('a question with a services list shows the list; saved services are its answer (extra.services)', async () => {
    const user = userEvent.setup();
    render(<Field required />);
    const list = screen.getByRole('group', { name: /How was each part of your visit\?/ });
    expect(list).toHaveAccessibleDescription('Required');
    await user.click(within(list).getByRole('button', { name: /Food/ }));
    const dialog = screen.getByRole('dialog', { name: 'Food' });
    await user.click(within(dialog).getByRole('radio', { name: /^5 out of 5/ }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Portion' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Anything else?' }), '  ');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    // Blank text is no answer (G4.59); choices go out as their ids, like any choice answer.
    expect(answer()).toEqual({
      extra: {
        services: [
          {
            id: 'food',
            answers: [
              { id: 'score', value: 5 },
              { id: 'liked', value: [2] },
            ],
          },
        ],
      },
    });
    await user.click(within(list).getByRole('button', { name: /Bar/ }));
    await user.type(screen.getByRole('textbox', { name: 'Your drinks' }), 'Cold beer');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(answer().extra.services.map((service: { id: string }) => service.id)).toEqual(['food', 'bar']);
  });

  it('Not applicable sets the list aside and drops what was saved', async () => {
    const user = userEvent.setup();
    render(<Field />);
    await user.click(screen.getByRole('button', { name: /Bar/ }));
    await user.type(screen.getByRole('textbox', { name: 'Your drinks' }), 'Cold beer');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await user.click(screen.getByRole('checkbox', { name: /Not applicable/ }));
    expect(answer()).toEqual({ notApplicable: true });
    expect(screen.getByRole('button', { name: /Bar/ })).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: /Not applicable/ }));
    expect(screen.getByRole('button', { name: /Bar/ })).toHaveTextContent('Not answered yet');
  });
});
