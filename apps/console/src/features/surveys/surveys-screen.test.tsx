import { screen, within } from '@testing-library/react';
import { parseDocument, type SurveyDocument } from '@venue-voice/domain';
import { describe, expect, it } from 'vitest';
import { axeViolations } from '../../test/axe';
import { fails, fakeApi, OWNER, ok, VIEWER } from '../../test/fake-api';
import { renderConsole } from '../../test/render';
import { fixtureDocument } from '../../test/survey-document';
import { fixtureAnswer, LIST_ITEM } from './survey-fixtures';

const VIEW_ONLY = { ...LIST_ITEM, id: 8, name: 'Coffee', slug: 'coffee', hasDraft: false, editable: false };

/** The file input behind the "Survey file" button (Mantine's FileInput opens a hidden input). */
async function fileInput(): Promise<HTMLInputElement> {
  const button = await screen.findByRole('button', { name: /Survey file/ });
  let input: Element | null = null;
  for (let at: Element | null = button; at && !input; at = at.parentElement)
    input = at.querySelector('input[type="file"]');
  if (!(input instanceof HTMLInputElement)) throw new Error('no file input beside the Survey file button');
  return input;
}

describe('surveys list', () => {
  it('lists each survey with its version, draft, languages and branches; Edit or View as allowed', async () => {
    fakeApi({ 'GET /me': ok(OWNER), 'GET /surveys': ok({ items: [LIST_ITEM, VIEW_ONLY] }) });
    const { container } = renderConsole('/surveys');
    const edit = await screen.findByRole('link', { name: 'Edit Lunch survey' });
    expect(edit).toHaveAttribute('href', '/surveys/7');
    const row = edit.closest('tr') as HTMLElement;
    expect(within(row).getByText('lunch')).toBeInTheDocument();
    expect(within(row).getByText('v2')).toBeInTheDocument();
    expect(within(row).getByText('Draft')).toBeInTheDocument();
    expect(within(row).getByText('English, Deutsch')).toBeInTheDocument();
    expect(within(row).getByText('Soho, Shoreditch')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'Export Lunch survey' })).toHaveAttribute(
      'href',
      '/api/v1/console/surveys/7/export?which=published',
    );
    expect(screen.getByRole('link', { name: 'View Coffee' })).toHaveAttribute('href', '/surveys/8');
    expect(screen.queryByRole('button', { name: 'Duplicate Coffee' })).not.toBeInTheDocument();
    expect(within(row).getByRole('switch', { name: 'Serve Lunch survey to guests' })).toBeChecked();
    expect(screen.queryByRole('switch', { name: 'Serve Coffee to guests' })).not.toBeInTheDocument();
    expect(await axeViolations(container)).toEqual([]);
  });

  it('creates a new survey as a valid document and opens it', async () => {
    const api = fakeApi({
      'GET /me': ok(OWNER),
      'GET /surveys': ok({ items: [] }),
      'POST /surveys': ok({ id: 9 }, 201),
      'GET /surveys/9/document': ok({ ...fixtureAnswer(), id: 9 }),
    });
    const { user, router, container } = renderConsole('/surveys');
    await user.click(await screen.findByRole('button', { name: 'New survey' }));
    const dialog = await screen.findByRole('dialog', { name: 'New survey' });
    await user.type(within(dialog).getByRole('textbox', { name: /Name/ }), 'Sunday Brunch');
    expect(within(dialog).getByRole('textbox', { name: /Address/ })).toHaveValue('sunday-brunch');
    expect(await axeViolations(container)).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Create survey' }));
    await screen.findByRole('heading', { level: 1, name: 'Lunch survey' });
    expect(router.state.location.pathname).toBe('/surveys/9');
    const body = api.calls('POST /surveys')[0]?.body as { document: SurveyDocument; branchIds: number[] };
    expect(body.branchIds).toEqual([1, 2]);
    expect(parseDocument(body.document).ok).toBe(true);
    expect(body.document.survey).toMatchObject({ name: 'Sunday Brunch', slug: 'sunday-brunch' });
  });

  it('O15.25 imports a JSON file and shows each field the server refused', async () => {
    const api = fakeApi({
      'GET /me': ok(OWNER),
      'GET /surveys': ok({ items: [LIST_ITEM] }),
      'POST /surveys': fails(400, 10025, {
        fields: [
          { field: 'survey.slug', message: 'editor.slugTaken' },
          {
            field: 'questions.0.weight',
            message: 'editor.invalid',
            params: { message: 'Too big' },
          },
        ],
      }),
    });
    const { user } = renderConsole('/surveys');
    await user.click(await screen.findByRole('button', { name: 'Import' }));
    const dialog = await screen.findByRole('dialog', { name: 'Import a survey' });
    const file = new File([JSON.stringify(fixtureDocument())], 'lunch.json', { type: 'application/json' });
    await user.upload(await fileInput(), file);
    await user.click(within(dialog).getByRole('button', { name: 'Import survey' }));
    const refused = await within(dialog).findByRole('list', { name: 'Refused fields' });
    expect(within(refused).getByText(/Another survey already uses this address/)).toBeInTheDocument();
    expect(within(refused).getByText('questions.0.weight')).toBeInTheDocument();
    expect(within(refused).getByText(/Not valid: Too big/)).toBeInTheDocument();
    expect(api.calls('POST /surveys')[0]?.body).toEqual({ document: fixtureDocument(), branchIds: [1, 2] });
  });

  it('switches a survey on for guests (a new one starts off, decision 0255)', async () => {
    const api = fakeApi({
      'GET /me': ok(OWNER),
      'GET /surveys': ok({ items: [{ ...LIST_ITEM, active: false }] }),
      'PATCH /surveys/7': ok({ active: true }),
    });
    const { user } = renderConsole('/surveys');
    const live = await screen.findByRole('switch', { name: 'Serve Lunch survey to guests' });
    expect(live).not.toBeChecked();
    await user.click(live);
    expect(api.calls('PATCH /surveys/7')[0]?.body).toEqual({ active: true });
  });

  it('duplicates a survey and opens the copy', async () => {
    const api = fakeApi({
      'GET /me': ok(OWNER),
      'GET /surveys': ok({ items: [LIST_ITEM] }),
      'POST /surveys/7/duplicate': ok({ id: 11 }, 201),
      'GET /surveys/11/document': ok({ ...fixtureAnswer(), id: 11 }),
    });
    const { user, router } = renderConsole('/surveys');
    await user.click(await screen.findByRole('button', { name: 'Duplicate Lunch survey' }));
    await screen.findByRole('heading', { level: 1, name: 'Lunch survey' });
    expect(router.state.location.pathname).toBe('/surveys/11');
    expect(api.calls('POST /surveys/7/duplicate')).toHaveLength(1);
  });

  it('O1.10 offers a viewer neither New nor Import', async () => {
    fakeApi({ 'GET /me': ok(VIEWER), 'GET /surveys': ok({ items: [VIEW_ONLY] }) });
    renderConsole('/surveys');
    expect(await screen.findByRole('link', { name: 'View Coffee' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'New survey' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Import' })).not.toBeInTheDocument();
  });
});
