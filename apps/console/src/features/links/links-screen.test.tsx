import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, OWNER, ok } from '../../test/fake-api';
import { renderConsole } from '../../test/render';
import { parseTables } from './links-api';

const LINK = {
  surveyId: 7,
  surveyName: 'Dinner',
  branchId: 1,
  branchName: 'Soho',
  url: 'http://venue.test/demo-bistro',
};

describe('links and QR codes', () => {
  it('gives each survey’s link, its QR files (per table too) and the table cards sheet', async () => {
    const api = fakeApi({ 'GET /me': ok(OWNER), 'GET /links': ok({ items: [LINK] }) });
    const { user } = renderConsole('/links');
    const card = await screen.findByRole('region', { name: 'Dinner at Soho' });
    expect(within(card).getByText(LINK.url)).toBeInTheDocument();
    const svg = within(card).getByRole('link', { name: 'Download QR (SVG)' });
    expect(svg).toHaveAttribute('href', '/api/v1/console/surveys/7/branches/1/qr.svg');
    await user.type(within(card).getByRole('textbox', { name: /table number/i }), '12');
    expect(svg).toHaveAttribute('href', '/api/v1/console/surveys/7/branches/1/qr.svg?table=12');
    expect(within(card).getByRole('link', { name: 'Download QR (PNG)' })).toHaveAttribute(
      'href',
      '/api/v1/console/surveys/7/branches/1/qr.png?table=12',
    );
    const tables = within(card).getByRole('textbox', { name: /^tables/i });
    await user.clear(tables);
    await user.type(tables, '1-4, 9');
    expect(within(card).getByRole('link', { name: 'Print table cards (PDF)' })).toHaveAttribute(
      'href',
      `/api/v1/console/surveys/7/branches/1/table-cards.pdf?tables=${encodeURIComponent('1-4,9')}`,
    );
    expect(api.calls('GET /links')[0]?.query.get('branchId')).toBe('1');
  });

  it('holds the print button while the tables cannot be read', async () => {
    fakeApi({ 'GET /me': ok(OWNER), 'GET /links': ok({ items: [LINK] }) });
    const { user } = renderConsole('/links');
    const tables = within(await screen.findByRole('region', { name: 'Dinner at Soho' })).getByRole(
      'textbox',
      { name: /^tables/i },
    );
    await user.clear(tables);
    await user.type(tables, '20-1');
    expect(screen.getByText('Please enter table numbers such as 1-20 or 1-4, 9')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Print table cards (PDF)' })).toBeDisabled();
  });
});

describe('parseTables', () => {
  it.each([
    ['1-20', '1-20'],
    [' 5 ', '5'],
    ['1 - 4, 9', '1-4,9'],
    ['', null],
    ['0-3', null],
    ['7-2', null],
    ['a', null],
    ['1,,2', '1,2'],
  ])('%j → %j', (text, expected) => {
    expect(parseTables(text)).toBe(expected);
  });
});
