import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, OWNER, ok } from '../../test/fake-api';
import { renderConsole } from '../../test/render';

const base = '/api/v1/console/surveys/7/branches/1';
const link = (table: number | null) => {
  const query = table === null ? '' : `&tableId=${table}`;
  const file = table === null ? '' : `?table=${table}`;
  return {
    surveyId: 7,
    surveyName: 'Dinner',
    slug: 'demo-bistro',
    branchId: 1,
    branchName: 'Soho',
    language: 'en-gb',
    table,
    url: `http://venue.test/demo-bistro?branchId=1${query}`,
    scanUrl: `http://venue.test/demo-bistro?branchId=1${query}&urlSrc=qr`,
    files: {
      qrSvg: `${base}/qr.svg${file}`,
      qrPng: `${base}/qr.png${file}`,
      tableCards: `${base}/table-cards.pdf`,
    },
  };
};

describe('links and QR codes', () => {
  it('gives each survey’s link and QR files, per table when one is typed, and the table cards sheet', async () => {
    const api = fakeApi({
      'GET /me': ok(OWNER),
      'GET /links': (request) =>
        ok({ items: [link(request.query.has('table') ? Number(request.query.get('table')) : null)] }),
    });
    const { user } = renderConsole('/links');
    const card = await screen.findByRole('region', { name: 'Dinner at Soho' });
    expect(within(card).getByText('http://venue.test/demo-bistro?branchId=1')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Download QR (SVG)' })).toHaveAttribute(
      'href',
      `${base}/qr.svg`,
    );

    await user.type(screen.getByRole('textbox', { name: /table number/i }), '12');
    expect(await screen.findByRole('heading', { name: 'Dinner at Soho, table 12' })).toBeInTheDocument();
    const tableCard = screen.getByRole('region', { name: 'Dinner at Soho' });
    expect(
      within(tableCard).getByText('http://venue.test/demo-bistro?branchId=1&tableId=12'),
    ).toBeInTheDocument();
    expect(within(tableCard).getByRole('link', { name: 'Download QR (PNG)' })).toHaveAttribute(
      'href',
      `${base}/qr.png?table=12`,
    );

    const tables = within(tableCard).getByRole('textbox', { name: /^tables/i });
    await user.clear(tables);
    await user.type(tables, '1-4, 9');
    expect(within(tableCard).getByRole('link', { name: 'Print table cards (PDF)' })).toHaveAttribute(
      'href',
      `${base}/table-cards.pdf?tables=${encodeURIComponent('1-4,9')}`,
    );
    expect(
      api.calls('GET /links').map((call) => [call.query.get('branchId'), call.query.get('table')]),
    ).toEqual([
      ['1', null],
      ['1', '12'],
    ]);
  });

  it('holds the print button while the tables cannot be read', async () => {
    fakeApi({ 'GET /me': ok(OWNER), 'GET /links': ok({ items: [link(null)] }) });
    const { user } = renderConsole('/links');
    const tables = within(await screen.findByRole('region', { name: 'Dinner at Soho' })).getByRole(
      'textbox',
      {
        name: /^tables/i,
      },
    );
    await user.clear(tables);
    await user.type(tables, '20-1');
    expect(screen.getByText('Please enter table numbers such as 1-20 or 1-4, 9')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Print table cards (PDF)' })).toBeDisabled();
    // O4.4: at most 200 tables on one sheet.
    await user.clear(tables);
    await user.type(tables, '1-201');
    expect(screen.getByText('At most 200 tables on one sheet')).toBeInTheDocument();
  });
});
