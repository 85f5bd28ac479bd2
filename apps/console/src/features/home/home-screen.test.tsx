import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, MANAGER, OWNER, ok, VIEWER } from '../../test/fake-api';
import { renderConsole } from '../../test/render';

const steps = async () =>
  within((await screen.findAllByRole('list')).at(-1) as HTMLElement)
    .getAllByRole('link')
    .map((link) => [link.textContent, link.getAttribute('href')]);

describe('home: what to do in the first days', () => {
  it('walks an owner through the whole set-up', async () => {
    fakeApi({ 'GET /me': ok(OWNER) });
    renderConsole('/');
    expect(await steps()).toEqual([
      ['Check your company settings', '/company'],
      ['Add your branches', '/branches'],
      ['Add your team', '/branches/1/staff'],
      ['Set up a tablet', '/branches'],
      ['Print your QR codes', '/links'],
      ['Invite your managers', '/operators'],
    ]);
  });

  it('gives a manager their branch’s steps only', async () => {
    fakeApi({ 'GET /me': ok(MANAGER) });
    renderConsole('/');
    expect((await steps()).map(([text]) => text)).toEqual([
      'Add your team',
      'Set up a tablet',
      'Print your QR codes',
    ]);
  });

  it('shows a viewer where to look', async () => {
    fakeApi({ 'GET /me': ok(VIEWER) });
    renderConsole('/');
    expect((await steps()).map(([text]) => text)).toEqual(['See your tablets', 'Print your QR codes']);
  });
});
