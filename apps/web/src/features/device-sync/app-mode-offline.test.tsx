import 'fake-indexeddb/auto';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type MenuInsightConfig, QuestionType, questionSchema, type StaffMember } from '@venue-voice/domain';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiProvider } from '../../platform/api-context';
import { i18n } from '../../platform/i18n';
import { emptySession, useGuestSession } from '../../shared/session/session-store';
import { deviceConfig, installModalClosed, registeredDevice, warmDeviceRoutes } from '../../test/device';
import { fakeApi, renderApp, testSurvey } from '../../test/render-app';
import { loadPinEntryScreen } from '../checkin';
import { bistroSurvey, checkedInSession, MenuInsightQuestion, renderQuestions } from '../questions/testing';
import { withDeviceCopy } from './device-web-api';
import { closeMenuDb, saveMenu } from './menu-db';
import { testMenu } from './menu-fixtures';

// Issue 6 item 6: an offline tablet runs the guest flow from what it downloaded, never the network.

const member = (id: number, displayName: string, status: 0 | 1): StaffMember => ({
  id,
  displayName,
  fullName: `${displayName} Smith`,
  status,
  teamId: 1,
  gender: null,
  type: null,
  imageUrl: null,
  thumbnailUrl: null,
  tags: [],
  hasPin: true,
  weight: 10,
  hasSettingsAccess: false,
});

/** Every network read fails the test: offline, nothing may be asked of the API. */
const offlineApi = () =>
  fakeApi({
    surveyConfig: vi.fn(async () => Promise.reject(new Error('survey.config asked offline'))),
    surveyStaff: vi.fn(async () => Promise.reject(new Error('staff asked offline'))),
    surveyTransaction: vi.fn(async () => Promise.reject(new Error('transaction asked offline'))),
    menuProducts: vi.fn(async () => Promise.reject(new Error('menu asked offline'))),
    menuGroups: vi.fn(async () => Promise.reject(new Error('menu groups asked offline'))),
  });

let db = 0;
beforeEach(async () => {
  sessionStorage.clear();
  installModalClosed();
  useGuestSession.setState(emptySession);
  db += 1;
  await closeMenuDb(`app-offline-test-${db}`);
});
afterEach(() => closeMenuDb());

describe('the guest flow on an offline tablet', () => {
  it('the staff question lists the cached active staff without PIN codes, with no call', async () => {
    registeredDevice({ hasConnectivity: false, cachedStaff: [member(1, 'Alex', 1), member(2, 'Bo', 0)] });
    const api = offlineApi();
    const survey = bistroSurvey({
      sections: [{ id: 'staff', name: 'Team', weight: 10, title: 'Who looked after you?' }],
      indicators: [],
      staffSelector: { enabled: true, renderType: 1, followup: 0, filters: [] },
    });
    renderQuestions(checkedInSession({ config: { surveys: [survey], questions: [] } }), withDeviceCopy(api));
    expect(await screen.findByRole('button', { name: 'Alex' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Bo' })).not.toBeInTheDocument();
    expect(api.surveyStaff).not.toHaveBeenCalled();
  });

  it("O15.34 an offline tablet asks the survey's own demographic fields from its copy, none of the network, and its create carries the answer", async () => {
    registeredDevice({ hasConnectivity: false });
    const api = offlineApi();
    const user = userEvent.setup();
    const survey = bistroSurvey({
      sections: [{ id: 'main', name: 'Main', weight: 10 }],
      indicators: [],
      demographics: {
        fields: [
          {
            id: 4,
            type: 4,
            label: 'Wie oft besuchen Sie uns?',
            fieldType: 'select',
            required: false,
            options: [
              { id: 1, value: 'Erster Besuch' },
              { id: 2, value: 'Wöchentlich' },
            ],
          },
        ],
      },
    });
    const company = {
      fields: [
        {
          id: 1,
          type: 1 as const,
          label: 'Gender',
          fieldType: 'select' as const,
          required: false,
          options: [],
        },
      ],
    };
    renderQuestions(
      checkedInSession({ config: { surveys: [survey], questions: [], demographics: company } }),
      withDeviceCopy(api),
    );
    const often = await screen.findByRole('combobox', { name: 'Wie oft besuchen Sie uns?' });
    expect(screen.queryByRole('combobox', { name: 'Gender' })).not.toBeInTheDocument();
    await user.selectOptions(often, 'Wöchentlich');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() =>
      expect(useGuestSession.getState().createPayload?.demographics).toEqual([
        { id: 4, value: 'Wöchentlich' },
      ]),
    );
    expect(api.surveyConfig).not.toHaveBeenCalled();
  });

  it('the menu search answers from the tablet copy in the D7 order', async () => {
    registeredDevice({ hasConnectivity: false });
    await saveMenu({ ...testMenu, companyKey: 'demo', savedAt: 1 });
    const api = offlineApi();
    const config: MenuInsightConfig = {
      menuType: 1,
      mode: 1,
      menuFamilyGroupRef: null,
      menuMajorGroupRef: null,
      followUpQuestion: false,
      subQuestions: [],
      reasonSections: [],
    };
    const question = questionSchema.parse({
      id: 110,
      templateId: 1,
      sectionId: 'menu',
      questionType: QuestionType.MENU_INSIGHT,
      text: 'How were your dishes?',
      menuInsight: config,
    });
    useGuestSession.setState({ ...emptySession, slug: 'demo-bistro' });
    render(
      <I18nextProvider i18n={i18n}>
        <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
          <ApiProvider api={withDeviceCopy(api)}>
            <MenuInsightQuestion
              survey={bistroSurvey()}
              question={question}
              answer={undefined}
              onAnswer={() => undefined}
              disabled={false}
            />
          </ApiProvider>
        </QueryClientProvider>
      </I18nextProvider>,
    );
    fireEvent.input(screen.getByRole('searchbox', { name: 'Search the menu' }), {
      target: { value: 'steak' },
    });
    const first = await screen.findByRole('group', { name: 'steak frites' }, { timeout: 2000 });
    const second = screen.getByRole('group', { name: 'Steak sandwich' });
    expect(first.compareDocumentPosition(second) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.queryByRole('group', { name: 'Lager' })).not.toBeInTheDocument();
    expect(api.menuProducts).not.toHaveBeenCalled();
  });

  it('decision 0094 the team member receipt PIN offline: the survey goes on without the receipt, with a note, and keeps the PIN for the upload (D3.11, issue 26 item 16)', async () => {
    await warmDeviceRoutes();
    await loadPinEntryScreen();
    const user = userEvent.setup();
    const survey = testSurvey({ eposEnabled: true, showPinScreen: true });
    registeredDevice({ hasConnectivity: false, config: deviceConfig([survey]) });
    const api = offlineApi();
    const { router } = renderApp('/staff', withDeviceCopy(api));
    await user.click(await screen.findByRole('button', { name: `Start survey ${survey.name}` }));
    await user.type(await screen.findByRole('textbox', { name: /Receipt PIN/ }), '123466');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(
      await screen.findByText(
        'This tablet is offline, so the receipt could not be checked. The survey continues without it.',
      ),
    ).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).not.toMatch(/receipt_pin_entry/));
    expect(useGuestSession.getState().transaction).toBeNull();
    expect(useGuestSession.getState()).toMatchObject({ transactionRef: null, receiptPin: '123466' });
    expect(api.surveyTransaction).not.toHaveBeenCalled();
  });
});
