import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { axeViolations } from '../../test/axe';
import { fails, fakeApi, MANAGER, ok, VIEWER } from '../../test/fake-api';
import { renderConsole } from '../../test/render';
import { caseDetail } from './case-fixtures';

describe('one case', () => {
  it('shows the response’s summary with a link to it, and replies to the guest', async () => {
    const sent = caseDetail({
      events: [
        {
          id: 1,
          kind: 'reply',
          body: 'We are sorry.',
          sentTo: 'ada@example.com',
          operator: { id: 2, name: 'Sam Soho' },
          createdAt: '2026-11-28T10:00:00.000Z',
        },
      ],
    });
    const api = fakeApi({
      'GET /me': ok(MANAGER),
      'GET /cases/:id': ok({ case: caseDetail() }),
      'POST /cases/:id/reply': ok({ case: sent }, 201),
    });
    const { user } = renderConsole('/cases/7');
    expect(await screen.findByRole('heading', { level: 1, name: 'Case 7' })).toBeInTheDocument();
    const response = await screen.findByRole('region', { name: 'The response' });
    expect(within(response).getByText('“The soup was cold”')).toBeInTheDocument();
    expect(within(response).getByRole('link', { name: 'Open the whole response' })).toHaveAttribute(
      'href',
      '/responses/42',
    );
    expect(await axeViolations()).toEqual([]);

    const reply = screen.getByRole('region', { name: 'Reply to the guest' });
    expect(within(reply).getByText('To: ada@example.com')).toBeInTheDocument();
    await user.type(within(reply).getByRole('textbox', { name: 'Message' }), 'We are sorry.');
    await user.click(within(reply).getByRole('button', { name: 'Send the reply' }));
    await waitFor(() => expect(api.calls('POST /cases/7/reply')[0]?.body).toEqual({ body: 'We are sorry.' }));
    const history = screen.getByRole('region', { name: 'Notes and history' });
    expect(await within(history).findByText('Sam Soho replied to ada@example.com')).toBeInTheDocument();
  });

  it('says why the reply is gone after the contact details were deleted', async () => {
    fakeApi({
      'GET /me': ok(MANAGER),
      'GET /cases/:id': ok({
        case: caseDetail({ canReply: false, replyRefusal: 'contactDeleted', replyTo: null }),
      }),
    });
    renderConsole('/cases/7');
    const reply = await screen.findByRole('region', { name: 'Reply to the guest' });
    expect(
      within(reply).getByText(
        'The guest’s contact details were deleted after the retention period, so a reply can no longer be sent.',
      ),
    ).toBeInTheDocument();
    expect(within(reply).queryByRole('button')).toBeNull();
  });

  it('saves the owner and due day, and shows a refused day on its field', async () => {
    const api = fakeApi({
      'GET /me': ok(MANAGER),
      'GET /cases/:id': ok({ case: caseDetail() }),
      'PATCH /cases/:id': ({ body }) =>
        (body as { dueOn?: string }).dueOn === '2020-01-01'
          ? fails(400, 10009, { fields: [{ field: 'dueOn', in: 'body', message: 'case.duePast' }] })
          : ok({ case: caseDetail({ owner: { id: 2, name: 'Sam Soho' }, status: 'in_progress' }) }),
    });
    const { user } = renderConsole('/cases/7');
    const manage = await screen.findByRole('region', { name: 'Status, owner and due date' });
    const due = within(manage).getByLabelText('Due date');
    await user.type(due, '2020-01-01');
    await user.click(within(manage).getByRole('button', { name: 'Save changes' }));
    expect(await within(manage).findByText('That day is already over at the branch.')).toBeInTheDocument();

    await user.clear(due);
    await user.selectOptions(within(manage).getByRole('combobox', { name: 'Owner' }), 'Sam Soho');
    await user.selectOptions(within(manage).getByRole('combobox', { name: 'Status' }), 'In progress');
    await user.click(within(manage).getByRole('button', { name: 'Save changes' }));
    await waitFor(() =>
      expect(api.calls('PATCH /cases/7').at(-1)?.body).toEqual({ status: 'in_progress', ownerId: 2 }),
    );
  });

  it('adds a note, and refuses a blank one with the reason', async () => {
    const api = fakeApi({
      'GET /me': ok(MANAGER),
      'GET /cases/:id': ok({ case: caseDetail() }),
      'POST /cases/:id/notes': ({ body }) =>
        (body as { body: string }).body.trim() === ''
          ? fails(400, 10009, { fields: [{ field: 'body', in: 'body', message: 'case.textRequired' }] })
          : ok({ case: caseDetail() }, 201),
    });
    const { user } = renderConsole('/cases/7');
    const history = await screen.findByRole('region', { name: 'Notes and history' });
    await user.click(within(history).getByRole('button', { name: 'Add the note' }));
    expect(await within(history).findByText('Write something first.')).toBeInTheDocument();
    await user.type(within(history).getByRole('textbox', { name: 'Note' }), 'Called the kitchen');
    await user.click(within(history).getByRole('button', { name: 'Add the note' }));
    await waitFor(() =>
      expect(api.calls('POST /cases/7/notes').at(-1)?.body).toEqual({ body: 'Called the kitchen' }),
    );
  });

  it('is read-only for a viewer', async () => {
    fakeApi({
      'GET /me': ok(VIEWER),
      'GET /cases/:id': ok({
        case: caseDetail({ canChange: false, canReply: false, replyTo: null, owners: [] }),
      }),
    });
    renderConsole('/cases/7');
    expect(
      await screen.findByText('You can read this case; a manager of its branch or the owner acts on it.'),
    ).toBeInTheDocument();
    expect(
      screen.getByText('A manager of this branch or the owner replies to the guest.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save changes' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add the note' })).toBeNull();
    expect(await axeViolations()).toEqual([]);
  });
});
