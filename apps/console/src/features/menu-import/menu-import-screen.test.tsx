import { screen, within } from '@testing-library/react';
import axe from 'axe-core';
import { describe, expect, it } from 'vitest';
import { fails, fakeApi, MANAGER, OWNER, ok } from '../../test/fake-api';
import { renderConsole } from '../../test/render';
import { delimiterOf, readMenuCsv } from './read-csv';

const HEADER =
  'product_ref,product_name,type,major_group_ref,major_group_name,family_group_ref,family_group_name,family_group_weight';
const csvFile = (...lines: string[]) => new File([lines.join('\r\n')], 'menu.csv', { type: 'text/csv' });

/**
 * The file input behind the "CSV file" button (found by its role and name): Mantine's FileInput is a
 * button that opens the browser's hidden file input, which is what a chosen file goes to.
 */
async function fileInput(): Promise<HTMLInputElement> {
  const button = await screen.findByRole('button', { name: /CSV file/ });
  let input: Element | null = null;
  for (let at: Element | null = button; at && !input; at = at.parentElement)
    input = at.querySelector('input[type="file"]');
  if (!(input instanceof HTMLInputElement)) throw new Error('no file input beside the CSV file button');
  return input;
}

/** axe's rules on what is drawn (colour contrast needs a layout jsdom has not: the e2e suite checks it). */
async function axeViolations(container: HTMLElement) {
  const result = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`);
}

describe('menu import (O12.6)', () => {
  it('previews a good file and imports it through PUT /menu', async () => {
    const api = fakeApi({
      'GET /me': ok(OWNER),
      'PUT /menu': ok({ majorGroups: 1, familyGroups: 2, products: 3, removed: 61 }),
    });
    const { user, container } = renderConsole('/menu-import');
    await user.upload(
      await fileInput(),
      csvFile(
        HEADER,
        '1001,Tomato soup,food,100,Starters,11,Soups,40',
        '"1002","Soup, of the day",food,100,,11,,',
        '2001,Cola,drink,,,41,Soft drinks,',
      ),
    );
    expect(await screen.findByText('3 products, 1 major groups, 2 family groups')).toBeInTheDocument();
    const preview = screen.getByRole('table', { name: /Preview/ });
    const rows = within(preview).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    expect(within(rows[1] as HTMLElement).getByText('Soup, of the day')).toBeInTheDocument();
    expect(within(rows[2] as HTMLElement).getByText('Drink')).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: /problem/ })).not.toBeInTheDocument();
    expect(await axeViolations(container)).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Import 3 products' }));
    expect(await screen.findByText(/Menu imported: 3 products, 61 removed/)).toBeInTheDocument();
    expect(api.calls('PUT /menu')[0]?.body).toEqual({
      majorGroups: [{ ref: '100', name: 'Starters' }],
      familyGroups: [
        { ref: '11', name: 'Soups', weight: 40 },
        { ref: '41', name: 'Soft drinks', weight: 0 },
      ],
      products: [
        { ref: '1001', name: 'Tomato soup', type: 1, majorGroupRef: '100', familyGroupRef: '11' },
        { ref: '1002', name: 'Soup, of the day', type: 1, majorGroupRef: '100', familyGroupRef: '11' },
        { ref: '2001', name: 'Cola', type: 2, majorGroupRef: null, familyGroupRef: '41' },
      ],
    });
  });

  it('lists each faulty line with its column and what is wrong, and will not import', async () => {
    const api = fakeApi({ 'GET /me': ok(OWNER) });
    const { user, container } = renderConsole('/menu-import');
    await user.upload(
      await fileInput(),
      csvFile(HEADER, '1001,Tomato soup,meal,,,,,', '1001,Onion soup,food,100,,,,'),
    );
    const problems = await screen.findByRole('table', { name: '3 problems' });
    const cells = within(problems)
      .getAllByRole('row')
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      );
    expect(cells).toEqual([
      ['2', 'type', 'Must be food, drink or other (or 1, 2, 3)'],
      ['3', 'product_ref', 'This ref is also on line 2'],
      ['3', 'major_group_name', 'Group 100 needs a name where it first appears'],
    ]);
    expect(screen.getByRole('button', { name: 'Import 2 products' })).toBeDisabled();
    expect(screen.getByText(/only a file without problems can be imported/)).toBeInTheDocument();
    expect(await axeViolations(container)).toEqual([]);
    expect(api.calls('PUT /menu')).toEqual([]);
  });

  it('shows the server’s refusal', async () => {
    fakeApi({ 'GET /me': ok(OWNER), 'PUT /menu': fails(403, 10034) });
    const { user } = renderConsole('/menu-import');
    await user.upload(await fileInput(), csvFile('product_ref,product_name,type', '1,a,food'));
    await user.click(await screen.findByRole('button', { name: 'Import 1 product' }));
    expect(await screen.findByText('Your role does not allow this.')).toHaveAttribute('role', 'alert');
  });

  it('is the owner’s: a manager has no menu item and the screen says so', async () => {
    fakeApi({ 'GET /me': ok(MANAGER) });
    renderConsole('/menu-import');
    expect(await screen.findByText('Your role does not allow this.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Menu import' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /CSV file/ })).not.toBeInTheDocument();
  });

  it('is in the owner’s navigation', async () => {
    fakeApi({ 'GET /me': ok(OWNER) });
    renderConsole('/');
    expect(await screen.findByRole('link', { name: 'Menu import' })).toHaveAttribute('href', '/menu-import');
  });
});

describe('reading the file', () => {
  it.each([
    ['product_ref,product_name,type', ','],
    ['product_ref;product_name;type', ';'],
    ['product_ref\tproduct_name\ttype', '\t'],
  ])('the header %j is separated by %j', (header, separator) => {
    expect(delimiterOf(`${header}\n1,a;b\tc`)).toBe(separator);
  });

  it('semicolons, a byte-order mark, quoted line breaks: the fault names the line the editor shows', () => {
    const text = '\ufeffproduct_ref;product_name;type\n1;"Two\nlines";food\n\n2;b;soup\n';
    const result = readMenuCsv(text);
    expect(result.rows.map((r) => [r.line, r.name])).toEqual([
      [3, 'Two\nlines'],
      [5, 'b'],
    ]);
    expect(result.errors.map((e) => [e.line, e.column, e.problem])).toEqual([[5, 'type', 'type']]);
  });

  it('an unclosed quote is a fault of the file, not a crash', () => {
    const result = readMenuCsv('product_ref,product_name,type\n1,"open,food\n');
    expect(result.errors).toHaveLength(1);
    expect(result.errors[0]?.problem).toBe('unreadable');
  });
});
