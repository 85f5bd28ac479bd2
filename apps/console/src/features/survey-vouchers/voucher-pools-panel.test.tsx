import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { describe, expect, it } from 'vitest';
import { Providers } from '../../app/providers';
import { createQueryClient } from '../../app/query-client';
import { fails, fakeApi, ok } from '../../test/fake-api';
import { VoucherPoolsPanel } from './voucher-pools-panel';

const POOLS = {
  items: [
    { voucherId: 1, name: '10% off your next visit', type: 1, unused: 40, used: 7, withdrawn: 1 },
    { voucherId: 2, name: 'A free dessert', type: 2, unused: 0, used: 0, withdrawn: 0 },
  ],
};

const renderPanel = (editable: boolean) => {
  const user = userEvent.setup();
  const view = render(
    <Providers queryClient={createQueryClient()} env="test">
      <VoucherPoolsPanel surveyId={1} editable={editable} />
    </Providers>,
  );
  return { ...view, user };
};

const file = (text: string) => new File([text], 'codes.csv', { type: 'text/csv' });

/** Mantine's FileInput is a button over a hidden file input: the input the upload goes to. */
const fileInputIn = (dialog: HTMLElement) => {
  const input = dialog.querySelector('input[type="file"]');
  if (!(input instanceof HTMLInputElement)) throw new Error('no file input');
  return input;
};

async function violations(container: HTMLElement) {
  const result = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
  return result.violations.map((v) => v.id);
}

describe('voucher code pools (issue 31 item 1)', () => {
  it('shows what each pool has left; a reader gets no import', async () => {
    fakeApi({ 'GET /surveys/1/vouchers': ok(POOLS) });
    const { container } = renderPanel(false);
    const row = await screen.findByRole('row', { name: /10% off/ });
    expect(
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['10% off your next visit', '40', '7', '1']);
    expect(screen.queryByRole('button', { name: /Import codes/ })).not.toBeInTheDocument();
    expect(await violations(container)).toEqual([]);
  });

  it('O15.30 a file with a bad code is refused in the browser, naming its line, and nothing is sent', async () => {
    const api = fakeApi({ 'GET /surveys/1/vouchers': ok(POOLS) });
    const { user } = renderPanel(true);
    await user.click(await screen.findByRole('button', { name: 'Import codes for A free dessert' }));
    const dialog = await screen.findByRole('dialog', { name: 'Import codes: A free dessert' });
    await user.upload(fileInputIn(dialog), file('GOOD-1\nbad code'));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Line 2: “bad code” is not a voucher code',
    );
    expect(within(dialog).getByRole('button', { name: 'Add codes' })).toBeDisabled();
    expect(api.calls('POST /surveys/1/vouchers/2/codes')).toHaveLength(0);
  });

  it('O15.33 adds a file of codes and says which existed already', async () => {
    const api = fakeApi({
      'GET /surveys/1/vouchers': ok(POOLS),
      'POST /surveys/1/vouchers/2/codes': ok({ added: 2, skipped: ['DUP-1'] }),
    });
    const { user } = renderPanel(true);
    await user.click(await screen.findByRole('button', { name: 'Import codes for A free dessert' }));
    const dialog = await screen.findByRole('dialog', { name: 'Import codes: A free dessert' });
    await user.upload(fileInputIn(dialog), file('code\nNEW-1\nNEW-2\nDUP-1\n'));
    expect(await within(dialog).findByText('3 codes ready to add.')).toBeInTheDocument();
    expect(await violations(dialog)).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Add codes' }));
    expect(
      await within(dialog).findByText(/2 codes added\. 1 already existed and were skipped: DUP-1/),
    ).toBeInTheDocument();
    expect(api.calls('POST /surveys/1/vouchers/2/codes')[0]?.body).toEqual({
      text: 'code\nNEW-1\nNEW-2\nDUP-1\n',
    });
  });

  it('says why the server refused (a role that may not edit)', async () => {
    fakeApi({
      'GET /surveys/1/vouchers': ok(POOLS),
      'POST /surveys/1/vouchers/1/codes': fails(403, 10034),
    });
    const { user } = renderPanel(true);
    await user.click(await screen.findByRole('button', { name: 'Import codes for 10% off your next visit' }));
    const dialog = await screen.findByRole('dialog');
    await user.upload(fileInputIn(dialog), file('A-1'));
    await user.click(await within(dialog).findByRole('button', { name: 'Add codes' }));
    expect(await within(dialog).findByText(/not allow|permission|role/i)).toBeInTheDocument();
  });
});
