import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  IndicatorRenderType,
  type QuestionAnswer,
  QuestionFormat,
  type QuestionInput,
  QuestionType,
  questionSchema,
} from '@venue-voice/domain';
import { useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../platform/i18n';
import { QuestionField } from './question-field';
import { bistroSurvey } from './test-fixtures';

function Field({
  question,
  stars,
}: {
  question: Omit<QuestionInput, 'templateId' | 'id' | 'sectionId'>;
  stars?: boolean;
}) {
  const [answer, setAnswer] = useState<QuestionAnswer | undefined>();
  const survey = bistroSurvey({
    indicatorsRenderType: stars ? IndicatorRenderType.RATING : IndicatorRenderType.EMOJI,
  });
  return (
    <I18nextProvider i18n={i18n}>
      <QuestionField
        survey={survey}
        question={questionSchema.parse({ id: 1, templateId: 1, sectionId: 'main', ...question })}
        answer={answer}
        onAnswer={setAnswer}
      />
      <output data-testid="answer">{JSON.stringify(answer ?? null)}</output>
    </I18nextProvider>
  );
}
const answer = () => JSON.parse(screen.getByTestId('answer').textContent ?? 'null');
const options = [
  { id: 1, text: 'Cocktails' },
  { id: 2, text: 'Wine list' },
];

describe('question widgets', () => {
  it('a rating question offers 1…numberStars as stars and records choices [value]', async () => {
    const user = userEvent.setup();
    render(
      <Field stars question={{ questionType: QuestionType.OTHER, text: 'Rate the music', numberStars: 7 }} />,
    );
    const group = screen.getByRole('group', { name: 'Rate the music' });
    expect(screen.getAllByRole('radio')).toHaveLength(7);
    // G9: stars 3.5em, the picture's size unless a narrow phone needs them smaller (ui.css).
    const options = group.querySelector<HTMLElement>('.rating__options');
    expect(options?.style.getPropertyValue('--rating-size')).toBe('3.5em');
    await user.click(screen.getByRole('radio', { name: '6 out of 7' }));
    expect(answer()).toEqual({ choices: [6] });
  });

  it('check boxes without multiSelect keep one answer', async () => {
    const user = userEvent.setup();
    render(
      <Field
        question={{
          questionType: QuestionType.OTHER,
          otherQuestionsFormat: QuestionFormat.ONE_CHECKBOX,
          text: 'Favourite?',
          otherQuestionsAnswers: options,
        }}
      />,
    );
    await user.click(screen.getByRole('checkbox', { name: 'Cocktails' }));
    await user.click(screen.getByRole('checkbox', { name: 'Wine list' }));
    expect(answer()).toEqual({ choices: [2] });
    expect(screen.getByRole('checkbox', { name: 'Cocktails' })).not.toBeChecked();
    await user.click(screen.getByRole('checkbox', { name: 'Wine list' }));
    expect(answer()).toEqual({});
  });

  it('Not applicable replaces the answer and sets the widget aside; unticking gives it back', async () => {
    const user = userEvent.setup();
    render(
      <Field
        question={{
          questionType: QuestionType.OTHER,
          otherQuestionsFormat: QuestionFormat.ONE_DROPDOWN,
          text: 'Drink?',
          allowNotApplicable: true,
          required: true,
          otherQuestionsAnswers: options,
        }}
      />,
    );
    expect(screen.getByRole('combobox', { name: 'Drink?' })).toHaveAccessibleDescription('Required');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Drink?' }), 'Wine list');
    expect(answer()).toEqual({ choices: [2] });
    await user.click(screen.getByRole('checkbox', { name: 'Not applicable – Drink?' }));
    expect(answer()).toEqual({ notApplicable: true });
    expect(screen.getByRole('combobox', { name: 'Drink?' })).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: 'Not applicable – Drink?' }));
    expect(answer()).toEqual({});
    expect(screen.getByRole('combobox', { name: 'Drink?' })).toBeEnabled();
  });

  it('yes/no asks why for No when ynFollowupN is set, and drops the why on Yes', async () => {
    const user = userEvent.setup();
    render(
      <Field
        question={{
          questionType: QuestionType.PRODUCT,
          otherQuestionsFormat: QuestionFormat.YES_NO_WHY,
          text: 'Same drinks again?',
          ynFollowupN: true,
        }}
      />,
    );
    await user.click(screen.getByRole('radio', { name: 'No' }));
    await user.type(screen.getByRole('textbox', { name: 'Why is that?' }), 'Too sweet');
    expect(answer()).toEqual({ choices: ['no'], text: 'Too sweet' });
    await user.click(screen.getByRole('radio', { name: 'Yes' }));
    expect(screen.queryByRole('textbox', { name: 'Why is that?' })).not.toBeInTheDocument();
    expect(answer()).toEqual({ choices: ['yes'] });
  });
});
