import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { StaffAnswer, StaffMember, SurveyInput } from '@venue-voice/domain';
import { useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../../platform/i18n';
import { bistroSurvey } from '../test-fixtures';
import { StaffQuestion } from './staff-question';

const member = (id: number, displayName: string, teamId: number, status: 0 | 1 = 1): StaffMember => ({
  id,
  displayName,
  fullName: `${displayName} Smith`,
  status,
  weight: 50,
  teamId,
  hasSettingsAccess: false,
  hasPin: false,
  gender: null,
  type: null,
  imageUrl: null,
  thumbnailUrl: null,
  tags: [],
});
const team = [member(1, 'Alex', 1), member(2, 'Sam', 1), member(3, 'Jo', 2, 0), member(4, 'Kim', 2)];

const selector = (followup: number, followupRequired = false): SurveyInput['staffSelector'] => ({
  enabled: true,
  renderType: 1,
  followup: followup as 0,
  followupRequired,
  tags: [
    { id: 1, text: 'Friendly' },
    { id: 2, text: 'Quick' },
  ],
  filters: [
    { id: 'front', label: 'Front of house', teamId: 1 },
    { id: 'bar', label: 'Bar', teamId: 2 },
  ],
});

function Staff({
  staffSelector,
  members,
}: {
  staffSelector: SurveyInput['staffSelector'];
  members: StaffMember[] | null;
}) {
  const [answer, setAnswer] = useState<StaffAnswer | null>(null);
  return (
    <I18nextProvider i18n={i18n}>
      <StaffQuestion
        survey={bistroSurvey({ staffSelector })}
        answer={answer}
        onAnswer={setAnswer}
        members={members}
      />
      <output>{JSON.stringify(answer)}</output>
    </I18nextProvider>
  );
}
const answer = () => JSON.parse(screen.getByRole('status').textContent ?? 'null');

describe('staff question', () => {
  it('G4.50 G4.55 G4.56 search, filters and one member at a time', async () => {
    const user = userEvent.setup();
    render(<Staff staffSelector={selector(0)} members={team} />);
    // Inactive Jo is not listed.
    const listed = within(screen.getByRole('list')).getAllByRole('button');
    expect(listed.map((button) => button.textContent)).toEqual(['AAlex', 'SSam', 'KKim']);
    expect(screen.queryByRole('button', { name: /Jo/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'All', pressed: true })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Bar' }));
    expect(screen.getByRole('button', { name: /Kim/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Alex/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'All' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search by name' }), 'sam');
    expect(screen.getAllByRole('listitem')).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: /Sam/ }));
    expect(screen.getByRole('button', { name: /Sam/ })).toHaveAttribute('aria-pressed', 'true');
    expect(answer()).toEqual({ renderType: 1, staffId: 2, subQuestions: [] });
    await user.click(screen.getByRole('button', { name: /Sam/ }));
    expect(answer()).toBeNull();
    await user.clear(screen.getByRole('searchbox'));
    await user.type(screen.getByRole('searchbox'), 'nobody');
    expect(screen.getByText('No team members match your search.')).toBeInTheDocument();
  });

  it('G4.51 G4.52 G4.57 a member with follow-ups opens the modal; Done waits for required answers', async () => {
    const user = userEvent.setup();
    render(<Staff staffSelector={selector(3, true)} members={team} />);
    await user.click(screen.getByRole('button', { name: /Alex/ }));
    const dialog = screen.getByRole('dialog', { name: 'Tell us more about Alex' });
    const done = within(dialog).getByRole('button', { name: 'Done' });
    expect(done).toBeDisabled();
    await user.click(within(dialog).getByRole('checkbox', { name: 'Friendly' }));
    expect(done).toBeDisabled();
    await user.type(within(dialog).getByRole('textbox', { name: "Anything you'd like to add?" }), 'Lovely');
    await user.click(done);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(answer()).toEqual({
      renderType: 1,
      staffId: 1,
      subQuestions: [
        { question_type: 'tags', answers: [1] },
        { question_type: 'text', answers: ['Lovely'] },
      ],
    });
  });

  it('G4.53 G4.54 closing unsaved warns; Clear deselects', async () => {
    const user = userEvent.setup();
    render(<Staff staffSelector={selector(1)} members={team} />);
    await user.click(screen.getByRole('button', { name: /Kim/ }));
    await user.click(screen.getByRole('checkbox', { name: 'Quick' }));
    await user.keyboard('{Escape}');
    expect(screen.getByRole('alertdialog')).toHaveAccessibleName(
      "Are you sure you want to close? The information you have entered here won't be saved",
    );
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Close' }));
    expect(answer()).toBeNull();
    await user.click(screen.getByRole('button', { name: /Kim/ }));
    await user.click(screen.getByRole('checkbox', { name: 'Quick' }));
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(answer()).toMatchObject({ staffId: 4 });
    await user.click(screen.getByRole('button', { name: /Kim/ }));
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(answer()).toBeNull();
  });

  it('text mode, or no list to show: a comment naming the person', async () => {
    const user = userEvent.setup();
    render(<Staff staffSelector={selector(0)} members={null} />);
    await user.type(screen.getByRole('textbox', { name: /thank someone from the team/ }), 'Sam at the bar');
    expect(answer()).toEqual({ renderType: 0, description: 'Sam at the bar' });
    await user.clear(screen.getByRole('textbox'));
    expect(answer()).toBeNull();
  });
});
