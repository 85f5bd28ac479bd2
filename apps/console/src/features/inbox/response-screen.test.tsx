import { screen, within } from '@testing-library/react';
import type { AnswerView, ResponseDetail } from '@venue-voice/domain';
import { describe, expect, it } from 'vitest';
import { fails, fakeApi, MANAGER, OWNER, ok, VIEWER } from '../../test/fake-api';
import { renderConsole } from '../../test/render';

const answer = (questionId: number, extra: Partial<AnswerView>): AnswerView => ({
  questionId,
  title: `Question ${questionId}`,
  kind: 'text',
  drilldownOf: null,
  followUpOf: null,
  notApplicable: false,
  stars: null,
  choices: [],
  yes: null,
  text: null,
  positive: null,
  negative: null,
  services: [],
  ...extra,
});

const RESPONSE: ResponseDetail = {
  id: 42,
  branch: { id: 1, name: 'Soho' },
  survey: { id: 1, name: 'Demo Bistro' },
  visitDatetime: '2026-11-24 19:30:00',
  receivedAt: '2026-11-24T19:45:00.000Z',
  source: 'app',
  device: { kind: 'tablet', userAgent: 'Android 13; SM-X200' },
  language: 'de',
  surveyVersion: 1,
  tableId: '12',
  csat: 40,
  nps: 6,
  npsGroup: 'detractor',
  complaint: true,
  indicators: [{ id: 1, name: 'Food', kind: 'rating', score: 2, min: 1, max: 5 }],
  answers: [
    answer(101, {
      title: 'What let the food down?',
      kind: 'choice',
      drilldownOf: 'Food',
      choices: ['Temperature', 'Taste'],
    }),
    answer(102, { kind: 'text', text: 'The soup was cold', followUpOf: 101 }),
    answer(120, { title: 'First visit?', kind: 'yesNo', yes: true, text: 'Saw you on the street' }),
    answer(121, { title: 'Rate the music', kind: 'rating', stars: { value: 4, of: 5 } }),
  ],
  dishes: [
    {
      questionId: 110,
      ref: '1001',
      name: 'Tomato soup',
      rating: 1,
      ratingLabel: null,
      reasons: ['Cold', 'Bland'],
      comment: 'Lukewarm',
      otherReason: null,
    },
    {
      questionId: 110,
      ref: 'GONE',
      name: null,
      rating: 3,
      ratingLabel: null,
      reasons: [],
      comment: null,
      otherReason: 'Great value',
    },
  ],
  staff: { id: 7, name: 'Sam', tags: ['Friendly', 'Quick'], text: 'Thank you!' },
  photo: {
    imageUrl: '/api/v1/uploads/photos/42/aaaa.jpg',
    thumbnailUrl: '/api/v1/uploads/photos/42/aaaa-thumb.jpg',
    width: 800,
    height: 600,
  },
  voucher: {
    code: 'SAVE-10',
    name: '10% off your next visit',
    state: 'issued',
    issuedAt: '2026-11-24T19:45:00.000Z',
  },
  receipt: {
    checkId: 'CHK-77',
    covers: 2,
    total: 72.39,
    openedAt: '2026-11-24T18:00:00.000Z',
    items: [{ name: 'Burger', price: 15, quantity: 2 }],
  },
  contact: null,
  contactDeleted: true,
  contactRetentionDays: 7,
};

const section = async (name: string) => within(await screen.findByRole('region', { name }));

describe('one response', () => {
  it.each([
    ['owner', OWNER],
    ['manager', MANAGER],
    ['viewer', VIEWER],
  ])('shows a %s everything the guest gave', async (_role, me) => {
    fakeApi({ 'GET /me': ok(me), 'GET /responses/:id': ok({ response: RESPONSE }) });
    renderConsole('/responses/42');
    expect(await screen.findByRole('heading', { level: 1, name: /^Response of / })).toBeInTheDocument();
    const visit = await section('Visit');
    expect(visit.getByText('Tablet (Android 13; SM-X200)')).toBeInTheDocument();
    expect(visit.getByText('German')).toBeInTheDocument();
    expect(visit.getByText('6 · Detractor')).toBeInTheDocument();
    expect((await section('Scores')).getByText('2 of 1–5')).toBeInTheDocument();
    const answers = await section('Answers');
    expect(answers.getByText('Temperature, Taste')).toBeInTheDocument();
    expect(answers.getByText('Asked about Food')).toBeInTheDocument();
    expect(answers.getByText('Follow-up')).toBeInTheDocument();
    expect(answers.getByText('Why: Saw you on the street')).toBeInTheDocument();
    expect(answers.getByText('4 of 5 stars')).toBeInTheDocument();
    const dishes = await section('Dishes');
    const [soup, gone] = dishes.getAllByRole('row').slice(1) as HTMLElement[];
    expect(within(soup as HTMLElement).getByText('Bad')).toBeInTheDocument();
    expect(within(soup as HTMLElement).getByText('Cold, Bland')).toBeInTheDocument();
    expect(within(soup as HTMLElement).getByText('Lukewarm')).toBeInTheDocument();
    expect(
      within(gone as HTMLElement).getByText('Menu ref GONE (no longer on the menu)'),
    ).toBeInTheDocument();
    expect(within(gone as HTMLElement).getByText('Other: Great value')).toBeInTheDocument();
    const staff = await section('Team member thanked');
    expect(staff.getByText('Friendly, Quick')).toBeInTheDocument();
    expect(staff.getByText('Thank you!')).toBeInTheDocument();
    const photo = await section('Photo');
    expect(photo.getByRole('img', { name: 'The guest’s photo' })).toHaveAttribute(
      'src',
      '/api/v1/uploads/photos/42/aaaa-thumb.jpg',
    );
    expect(photo.getByRole('link')).toHaveAttribute('href', '/api/v1/uploads/photos/42/aaaa.jpg');
    expect((await section('Voucher')).getByText('SAVE-10')).toBeInTheDocument();
    const receipt = await section('Receipt');
    expect(receipt.getByText('CHK-77')).toBeInTheDocument();
    expect(receipt.getByText('72.39')).toBeInTheDocument();
    expect(receipt.getByText('Burger')).toBeInTheDocument();
    expect(
      (await section('Contact details')).getByText('Deleted after 7 days, as the privacy notice promises.'),
    ).toBeInTheDocument();
  });

  /** The definition a term of the Visit facts names. */
  const fact = (region: ReturnType<typeof within>, term: string) => {
    const terms = region.getAllByRole('term').map((t: HTMLElement) => t.textContent);
    return region.getAllByRole('definition')[terms.indexOf(term)]?.textContent;
  };

  it.each([
    [1, '1'],
    [null, 'From before versions'],
  ])('shows which survey version the guest answered (%s)', async (surveyVersion, shown) => {
    fakeApi({ 'GET /me': ok(OWNER), 'GET /responses/:id': ok({ response: { ...RESPONSE, surveyVersion } }) });
    renderConsole('/responses/42');
    const visit = await section('Visit');
    expect(visit.getAllByRole('term').map((t) => t.textContent)).toContain('Survey version');
    expect(fact(visit, 'Survey version')).toBe(shown);
    expect(fact(visit, 'Survey')).toBe('Demo Bistro');
  });

  it('shows contact details while they are kept', async () => {
    fakeApi({
      'GET /me': ok(OWNER),
      'GET /responses/:id': ok({
        response: {
          ...RESPONSE,
          contact: {
            name: 'Ada Lovelace',
            email: 'ada@example.com',
            phone: null,
            birthday: null,
            anniversary: null,
            givenAt: '2026-11-24T19:46:00.000Z',
          },
          contactDeleted: false,
          contactRetentionDays: 3,
        },
      }),
    });
    renderConsole('/responses/42');
    const contact = await section('Contact details');
    expect(contact.getByText('ada@example.com')).toBeInTheDocument();
    expect(contact.queryByText('Phone')).not.toBeInTheDocument();
    expect(contact.getByText('Kept for 3 days from when they were given, then deleted.')).toBeInTheDocument();
  });

  it('says so when the response is not one the operator may see', async () => {
    fakeApi({ 'GET /me': ok(MANAGER), 'GET /responses/:id': fails(404, 10014) });
    renderConsole('/responses/99');
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Back to responses/ })).toHaveAttribute('href', '/responses');
  });
});
