import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../platform/i18n';
import { fakeApi, renderApp, testBranch, venueConfig } from '../../test/render-app';
import { seedCheckin } from './test-support';

const soho = testBranch(1, 'Demo Bistro Soho');
const manchester = testBranch(2, 'Demo Bistro Manchester');
const logoImage = '/demo/demo-bistro-logo.svg';

beforeEach(async () => {
  await setLanguage('en-gb');
});

const header = () => within(screen.getByRole('banner'));

describe("the venue's header (issue 26: the venue, not the company)", () => {
  it("names the branch the guest checked in at, beside the survey's logo", async () => {
    seedCheckin({ branchId: 2, config: venueConfig({ branding: { logoImage } }) });
    const api = fakeApi({ surveyBranches: async () => [soho, manchester] });
    renderApp('/check_in/get_started', api);
    await screen.findByRole('heading', { level: 1, name: 'Demo Bistro' });
    // The venues were not in this tab's cache (a reload): asked for once, then named.
    await waitFor(() => expect(header().getByText('Demo Bistro Manchester')).toBeVisible());
    expect(header().getByRole('img', { name: 'Demo Bistro logo' })).toHaveAttribute('src', logoImage);
    expect(screen.getByRole('banner')).not.toHaveTextContent('Demo Hospitality Group');
    expect(api.surveyBranches).toHaveBeenCalledTimes(1);
  });

  it('names the survey while no branch is chosen yet, without asking for the venues', async () => {
    seedCheckin({ branchId: null });
    const api = fakeApi();
    renderApp('/check_in/get_started', api);
    await screen.findByRole('heading', { level: 1, name: 'Demo Bistro' });
    expect(header().getByText('Demo Bistro')).toBeVisible();
    expect(api.surveyBranches).not.toHaveBeenCalled();
  });

  it("on a tablet names the tablet's own branch from its settings", async () => {
    const config = { ...venueConfig(), branch: { ...soho, name: 'Demo Bistro Leeds' } };
    seedCheckin({ branchId: 1, config });
    const api = fakeApi();
    renderApp('/check_in/get_started', api);
    await screen.findByRole('heading', { level: 1, name: 'Demo Bistro' });
    expect(header().getByText('Demo Bistro Leeds')).toBeVisible();
    expect(api.surveyBranches).not.toHaveBeenCalled();
  });
});
