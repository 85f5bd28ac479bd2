import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { GuestStaffMember } from '@venue-voice/domain';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { emptySession, useGuestSession } from '../../../shared/session/session-store';
import { fakeApi } from '../../../test/render-app';
import { bistroSurvey, checkedInSession, renderQuestions } from '../test-fixtures';

// The staff question with the team the server lists for the guest's branch (decision 0011).

const member = (id: number, displayName: string, teamId: number): GuestStaffMember => ({
  id,
  displayName,
  fullName: `${displayName} Smith`,
  status: 1,
  teamId,
  gender: null,
  type: null,
  imageUrl: null,
  thumbnailUrl: null,
  tags: [],
});
const team = [member(1, 'Alex', 1), member(2, 'Sam', 2), member(4, 'Priya', 1)];

/** A survey whose one screen is the staff question, listing the team (select mode, no follow-ups). */
const staffSurvey = (renderType: 0 | 1 = 1) =>
  bistroSurvey({
    sections: [{ id: 'staff', name: 'Team', weight: 10, title: 'Who looked after you?' }],
    indicators: [],
    staffSelector: {
      enabled: true,
      renderType,
      followup: 0,
      filters: [
        { id: 'front', label: 'Front of house', teamId: 1 },
        { id: 'bar', label: 'Bar', teamId: 2 },
      ],
    },
  });

const session = (changes: Parameters<typeof checkedInSession>[0] = {}) =>
  checkedInSession({ config: { surveys: [staffSurvey()], questions: [] }, ...changes });

const commentBox = () =>
  screen.findByRole('textbox', { name: /Would you like to thank someone from the team/ });

beforeEach(() => {
  sessionStorage.clear();
  useGuestSession.setState(emptySession);
});

describe('staff question with the branch team', () => {
  it("lists the guest's branch team, fetched with the branch, and the pick goes into the payload", async () => {
    const user = userEvent.setup();
    let release = (_: GuestStaffMember[]) => {};
    const surveyStaff = vi.fn(() => new Promise<GuestStaffMember[]>((resolve) => (release = resolve)));
    renderQuestions(session({ branchId: 2 }), fakeApi({ surveyStaff }));

    await screen.findByRole('heading', { level: 1, name: 'Who looked after you?' });
    expect(screen.getByRole('status')).toHaveTextContent('Loading the team…');
    expect(surveyStaff).toHaveBeenCalledWith('demo-bistro', 'en-gb', 2);
    release(team);

    expect(await screen.findByRole('button', { name: 'Alex' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sam' })).toBeInTheDocument();
    // The list's own tools work on the fetched team: a filter, then a search with no match.
    await user.click(screen.getByRole('button', { name: 'Bar' }));
    expect(screen.queryByRole('button', { name: 'Alex' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'All' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search by name' }), 'zz');
    expect(screen.getByText('No team members match your search.')).toBeInTheDocument();
    await user.clear(screen.getByRole('searchbox', { name: 'Search by name' }));

    await user.click(screen.getByRole('button', { name: 'Priya' }));
    expect(screen.getByRole('button', { name: 'Priya' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('heading', { name: 'Thank you for your feedback' });
    const payload = useGuestSession.getState().createPayload;
    expect(payload?.staffId).toBe(4);
    expect(payload?.staff).toEqual({ renderType: 1, staffId: 4, subQuestions: [] });
    expect(surveyStaff).toHaveBeenCalledTimes(1);
  });

  it('with no branch chosen asks for a comment and never asks the server for a team', async () => {
    const surveyStaff = vi.fn(async () => team);
    renderQuestions(session({ branchId: null }), fakeApi({ surveyStaff }));
    expect(await commentBox()).toBeInTheDocument();
    expect(surveyStaff).not.toHaveBeenCalled();
  });

  it('a text-mode staff question never downloads the team', async () => {
    const surveyStaff = vi.fn(async () => team);
    const survey = staffSurvey(0);
    renderQuestions(session({ config: { surveys: [survey], questions: [] } }), fakeApi({ surveyStaff }));
    expect(await commentBox()).toBeInTheDocument();
    expect(surveyStaff).not.toHaveBeenCalled();
  });

  it('a branch with no active member, or a failed download, falls back to the comment box', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const empty = renderQuestions(session(), fakeApi({ surveyStaff: async () => [] }));
    expect(await commentBox()).toBeInTheDocument();
    empty.unmount();

    renderQuestions(
      session(),
      fakeApi({
        surveyStaff: async () => {
          throw new Error('offline');
        },
      }),
    );
    expect(await commentBox()).toBeInTheDocument();
    await waitFor(() =>
      expect(console.error).toHaveBeenCalledWith(
        '[venue-voice] The staff list could not be downloaded',
        expect.anything(),
      ),
    );
    expect(screen.queryByRole('button', { name: 'Alex' })).not.toBeInTheDocument();
  });
});
