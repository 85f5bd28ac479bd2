import { screen, waitFor, within } from '@testing-library/react';
import type { SurveyDocument } from '@venue-voice/domain';
import { describe, expect, it } from 'vitest';
import { axeViolations } from '../../../test/axe';
import { type FakeRequest, fakeApi, OWNER, ok, VIEWER } from '../../../test/fake-api';
import { renderConsole } from '../../../test/render';
import { fixtureAnswer } from '../survey-fixtures';

/** The fake server's survey 7, keeping the draft it is sent. */
function surveyServer(editable = true) {
  return fakeApi({
    'GET /me': ok(editable ? OWNER : VIEWER),
    'GET /surveys/7/document': ok(fixtureAnswer({ editable })),
    'PUT /surveys/7/draft': (_request: FakeRequest) =>
      ok({ faults: [], updatedAt: '2026-11-02T10:00:00.000Z' }),
  });
}

const openPart = async (user: ReturnType<typeof renderConsole>['user']) => {
  const outline = await screen.findByRole('navigation', { name: 'Survey outline' });
  await user.click(within(outline).getByRole('button', { name: 'Demographics' }));
  expect(await screen.findByRole('heading', { level: 2, name: 'Demographics' })).toBeInTheDocument();
};

describe('the survey editor’s Demographics part (decision 0261)', () => {
  it('O15.34–O15.37 turns from the company’s questions to its own, shows each fault beside its field, and saves them', async () => {
    const api = surveyServer();
    const { user, container } = renderConsole('/surveys/7');
    await openPart(user);
    const useCompany = screen.getByRole('switch', { name: /Use the company’s questions/ });
    expect(useCompany).toBeChecked();
    expect(screen.queryByRole('button', { name: 'Add demographic question' })).not.toBeInTheDocument();

    await user.click(useCompany);
    expect(screen.getByText('No questions: guests of this survey are asked none.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add demographic question' }));
    const card = await screen.findByRole('region', { name: 'Question 1' });
    // A new dropdown has one blank option and no label: both faults shown beside their fields (O15.36).
    const label = within(card).getByRole('textbox', { name: 'Question' });
    await waitFor(() => expect(label).toHaveAccessibleDescription('Write something here'));
    const option = within(card).getByRole('textbox', { name: 'Option 1' });
    expect(option).toHaveAccessibleDescription('Write something here');
    expect(screen.getByRole('button', { name: 'Publish' })).toBeDisabled();
    expect(await axeViolations(container)).toEqual([]);

    await user.type(label, 'Gender');
    await user.type(option, 'Female');
    await user.click(within(card).getByRole('button', { name: 'Add option' }));
    await user.type(within(card).getByRole('textbox', { name: 'Option 2' }), 'Male');
    await user.click(within(card).getByRole('switch', { name: 'Required' }));

    // A second question, a postcode: as a dropdown it is a fault (O15.38); as text it has no options.
    await user.click(screen.getByRole('button', { name: 'Add demographic question' }));
    const second = await screen.findByRole('region', { name: 'Question 2' });
    await user.type(within(second).getByRole('textbox', { name: 'Question' }), 'Postcode');
    await user.click(within(second).getByRole('combobox', { name: 'What it asks' }));
    await user.click(await screen.findByRole('option', { name: 'Postcode' }));
    const answer = within(second).getByRole('combobox', { name: 'Answer' });
    await waitFor(() =>
      expect(answer).toHaveAccessibleDescription('A postcode is typed: make it a text field'),
    );
    await user.click(answer);
    await user.click(await screen.findByRole('option', { name: 'Text' }));
    expect(within(second).queryByRole('textbox', { name: 'Option 1' })).not.toBeInTheDocument();
    await waitFor(() => expect(answer).not.toHaveAccessibleDescription());
    await waitFor(() => expect(screen.getByRole('button', { name: 'Publish' })).toBeEnabled());

    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(await screen.findByText('Draft saved')).toBeInTheDocument();
    const saved = api.calls('PUT /surveys/7/draft')[0]?.body as SurveyDocument;
    expect(saved.survey.demographics).toEqual({
      fields: [
        {
          id: 1,
          type: 1,
          label: 'Gender',
          fieldType: 'select',
          required: true,
          options: [
            { id: 1, value: 'Female' },
            { id: 2, value: 'Male' },
          ],
        },
        { id: 2, type: 5, label: 'Postcode', fieldType: 'text', required: false, options: [] },
      ],
    });

    // Back to the company's questions: the survey's own list goes from the document.
    await user.click(screen.getByRole('switch', { name: /Use the company’s questions/ }));
    expect(screen.queryByRole('region', { name: 'Gender' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(api.calls('PUT /surveys/7/draft')).toHaveLength(2));
    const back = api.calls('PUT /surveys/7/draft')[1]?.body as SurveyDocument | undefined;
    expect(back?.survey).toBeDefined();
    expect(back?.survey.demographics).toBeUndefined();
  }, 60_000);

  it('O1.10 shows a viewer the choice read-only, with nothing to add', async () => {
    surveyServer(false);
    const { user, container } = renderConsole('/surveys/7');
    await openPart(user);
    expect(screen.getByRole('switch', { name: /Use the company’s questions/ })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Add demographic question' })).not.toBeInTheDocument();
    expect(await axeViolations(container)).toEqual([]);
  });
});
