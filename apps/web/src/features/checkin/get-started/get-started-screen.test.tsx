import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../../platform/i18n';
import { fakeApi, renderApp } from '../../../test/render-app';
import { seedCheckin, session } from '../test-support';

vi.mock(import('../../../platform/navigation'), async (original) => ({
  ...(await original()),
  hardRedirect: vi.fn(),
}));

const PATH = '/check_in/get_started?slug=demo-bistro';

beforeEach(async () => {
  await setLanguage('en-gb');
});

describe('get started (G2)', () => {
  it('welcomes with the survey name; Start makes the guid and start time, then the domain’s next step', async () => {
    seedCheckin();
    const { router } = renderApp(PATH, fakeApi());
    expect(await screen.findByRole('heading', { level: 1, name: 'Demo Bistro' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Start' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/check_in/find_venue'));
    expect(session().guid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(session().startTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(session().surveyInProgress).toBeNull();
  });

  it('with the venue and the visit known, Start puts the survey in progress and opens the questions', async () => {
    seedCheckin({ branchId: 1, urlParams: { slug: 'demo-bistro', inBranch: '1' } });
    const { router } = renderApp(PATH, fakeApi());
    await userEvent.click(await screen.findByRole('button', { name: 'Start' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/questions'));
    const { guid, surveyInProgress, visitDateTime, startTime } = session();
    expect(surveyInProgress).toBe(1);
    expect(guid).not.toBeNull();
    // G4.84 in the branch: the visit is now minus the average service time (60 minutes here).
    const started = new Date(String(startTime).replace(' ', 'T')).getTime();
    const visit = new Date(String(visitDateTime).replace(' ', 'T')).getTime();
    expect(Math.round((started - visit) / 60_000)).toBe(60);
  });
});
