import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fails, fakeApi, MANAGER, OWNER, ok } from '../../test/fake-api';
import { renderConsole } from '../../test/render';

const COMPANY = {
  id: 1,
  key: 'demo',
  name: 'Demo Hospitality Group',
  branding: { logoUrl: null, primaryColour: '#1f3a5f', accentColour: '#c2410c' },
  languages: ['en-gb', 'de'],
  contactRetentionDays: 7,
  managersEditSurveys: false,
};

describe('company settings', () => {
  it('saves the name, colours, languages and retention days', async () => {
    const api = fakeApi({
      'GET /me': ok(OWNER),
      'GET /company': ok({ company: COMPANY }),
      'PATCH /company': ok({ company: COMPANY }),
    });
    const { user } = renderConsole('/company');
    const name = await screen.findByRole('textbox', { name: /company name/i });
    await user.clear(name);
    await user.type(name, 'Demo Group');
    await user.click(screen.getByRole('checkbox', { name: 'Español' }));
    await user.click(screen.getByRole('checkbox', { name: 'Deutsch' }));
    const days = screen.getByRole('textbox', { name: /days contact details are kept/i });
    await user.clear(days);
    await user.type(days, '3');
    // O1.10: the owner lets managers edit the surveys of their own branches.
    await user.click(screen.getByRole('switch', { name: /Managers may edit the surveys/ }));
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Company settings saved')).toBeInTheDocument();
    expect(api.calls('PATCH /company')[0]?.body).toEqual({
      name: 'Demo Group',
      branding: { primaryColour: '#1f3a5f', accentColour: '#c2410c' },
      languages: ['en-gb', 'es'],
      contactRetentionDays: 3,
      managersEditSurveys: true,
    });
  });

  it('keeps contact details no longer than the privacy notice promises (7 days) and needs a language', async () => {
    const api = fakeApi({
      'GET /me': ok(OWNER),
      'GET /company': ok({ company: { ...COMPANY, languages: ['en-gb'] } }),
    });
    const { user } = renderConsole('/company');
    const days = await screen.findByRole('textbox', { name: /days contact details are kept/i });
    await user.clear(days);
    await user.type(days, '30');
    await user.click(screen.getByRole('checkbox', { name: 'English' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    // More than 7 is taken back to 7 as the field is left.
    expect(days).toHaveValue('7');
    // O3.1: at least one language.
    expect(screen.getByText('Required')).toBeInTheDocument();
    expect(api.calls('PATCH /company')).toHaveLength(0);
  });

  it('shows the server’s field message beside its field (10025)', async () => {
    fakeApi({
      'GET /me': ok(OWNER),
      'GET /company': ok({ company: COMPANY }),
      'PATCH /company': fails(400, 10025, {
        fields: [{ field: 'body.name', message: 'form.maxChars', params: { count: 100 } }],
      }),
    });
    const { user } = renderConsole('/company');
    await user.click(await screen.findByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Please enter no more than 100 characters')).toBeInTheDocument();
  });

  it('tells a manager who opens the address that their role does not allow it (403 10034)', async () => {
    fakeApi({ 'GET /me': ok(MANAGER), 'GET /company': fails(403, 10034) });
    renderConsole('/company');
    expect(await screen.findByRole('alert')).toHaveTextContent('Your role does not allow this.');
  });
});
