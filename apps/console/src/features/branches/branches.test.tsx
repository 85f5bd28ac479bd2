import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, MANAGER, OWNER, ok, VIEWER } from '../../test/fake-api';
import { renderConsole } from '../../test/render';

const SOHO = {
  id: 1,
  name: 'Soho',
  address: '1 Greek Street',
  latitude: 51.5136,
  longitude: -0.1319,
  timeZone: 'Europe/London',
  enableStaffPinCodes: true,
  tableEntry: false,
  syncSchedule: { when: '20 5 * * *', spread: 1800 },
  passcodeSetAt: null,
  surveyIds: [1],
};

describe('branches', () => {
  it('lists the branches and lets the owner add one, then opens it', async () => {
    const api = fakeApi({
      'GET /me': ok(OWNER),
      'GET /branches': ok({ items: [SOHO] }),
      'POST /branches': ok({ branch: { ...SOHO, id: 3, name: 'Camden' }, passcode: 'p4ss9x' }, 201),
      'GET /branches/3': ok({ branch: { ...SOHO, id: 3, name: 'Camden' } }),
    });
    const { user, router } = renderConsole('/branches');
    expect(await screen.findByRole('link', { name: 'Soho' })).toHaveAttribute('href', '/branches/1');
    await user.click(screen.getByRole('button', { name: 'Add branch' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a branch' });
    await user.type(within(dialog).getByRole('textbox', { name: /name/i }), 'Camden');
    await user.click(within(dialog).getByRole('button', { name: 'Add branch' }));
    // Its device passcode is shown once, before the branch opens.
    const added = await screen.findByRole('dialog', { name: 'Branch added' });
    expect(within(added).getByText('p4ss9x')).toBeInTheDocument();
    await user.click(within(added).getByRole('button', { name: 'Open the branch' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Camden' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/branches/3');
    expect(api.calls('POST /branches')[0]?.body).toMatchObject({ name: 'Camden', address: null });
  });

  it('offers no Add to a manager (a new branch is the owner’s, O1.3)', async () => {
    fakeApi({ 'GET /me': ok(MANAGER), 'GET /branches': ok({ items: [SOHO] }) });
    renderConsole('/branches');
    expect(await screen.findByRole('link', { name: 'Soho' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add branch' })).not.toBeInTheDocument();
  });

  it('saves a branch with the sync schedule checked by the domain’s cron reading', async () => {
    const api = fakeApi({
      'GET /me': ok(MANAGER),
      'GET /branches/1': ok({ branch: SOHO }),
      'PATCH /branches/1': ok({ branch: SOHO }),
    });
    const { user } = renderConsole('/branches/1');
    const when = await screen.findByRole('textbox', { name: /when \(cron\)/i });
    await user.clear(when);
    await user.type(when, 'every morning');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText(/five-field cron expression/)).toBeInTheDocument();
    expect(api.calls('PATCH /branches/1')).toHaveLength(0);

    await user.clear(when);
    await user.type(when, '0 6 * * 1');
    await user.click(screen.getByRole('switch', { name: /table entry/i }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Branch saved')).toBeInTheDocument();
    expect(api.calls('PATCH /branches/1')[0]?.body).toEqual({
      name: 'Soho',
      address: '1 Greek Street',
      latitude: 51.5136,
      longitude: -0.1319,
      timeZone: 'Europe/London',
      enableStaffPinCodes: true,
      tableEntry: true,
      syncSchedule: { when: '0 6 * * 1', spread: 1800 },
    });
  });

  it('lets a branch follow the company’s schedule (null) instead of its own', async () => {
    const api = fakeApi({
      'GET /me': ok(OWNER),
      'GET /branches/1': ok({ branch: SOHO }),
      'PATCH /branches/1': ok({ branch: SOHO }),
    });
    const { user } = renderConsole('/branches/1');
    await user.click(await screen.findByRole('switch', { name: /its own schedule/i }));
    expect(screen.queryByRole('textbox', { name: /when \(cron\)/i })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Branch saved')).toBeInTheDocument();
    expect(api.calls('PATCH /branches/1')[0]?.body).toMatchObject({ syncSchedule: null });
  });

  it('shows a new device passcode once, after asking', async () => {
    const api = fakeApi({
      'GET /me': ok(OWNER),
      'GET /branches/1': ok({ branch: SOHO }),
      'POST /branches/1/passcode': ok({ passcode: 'k7m2q9' }),
    });
    const { user } = renderConsole('/branches/1');
    await user.click(await screen.findByRole('button', { name: 'Make a new passcode' }));
    const dialog = await screen.findByRole('dialog', { name: 'Make a new device passcode?' });
    expect(api.calls('POST /branches/1/passcode')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Make a new passcode' }));
    expect(await screen.findByText('k7m2q9')).toBeInTheDocument();
    expect(screen.getByText('Write it down now: it is not shown again.')).toBeInTheDocument();
    expect(api.calls('POST /branches/1/passcode')).toHaveLength(1);
  });

  it('shows a viewer the branch without a way to change it (O1.2)', async () => {
    fakeApi({ 'GET /me': ok(VIEWER), 'GET /branches/1': ok({ branch: SOHO }) });
    renderConsole('/branches/1');
    expect(await screen.findByText('You can see this branch but not change it.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /^name/i })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Make a new passcode' })).not.toBeInTheDocument();
  });
});
