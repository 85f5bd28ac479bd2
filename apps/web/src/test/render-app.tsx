import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import {
  type Branch,
  type BranchListing,
  type CoreSection,
  type SurveyInput,
  surveySchema,
} from '@venue-voice/domain';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { AppProviders } from '../app/providers';
import { routes } from '../app/router';
import type { VenueConfig, WebApi } from '../platform/api';

/** Renders the real route table at a path, with a fake API and a cache that never retries. */
export function renderApp(path: string, api: WebApi) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = render(
    <AppProviders api={api} queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, router };
}

/** A fake API: the given calls, and every other call fails the test loudly when made. */
export function fakeApi(calls: Partial<WebApi> = {}): WebApi {
  const unexpected = (name: string) =>
    vi.fn(async () => {
      throw new Error(`unexpected API call ${name}`);
    });
  return {
    surveyConfig: calls.surveyConfig ? vi.fn(calls.surveyConfig) : unexpected('surveyConfig'),
    surveyStaff: calls.surveyStaff ? vi.fn(calls.surveyStaff) : unexpected('surveyStaff'),
    surveyBranches: calls.surveyBranches ? vi.fn(calls.surveyBranches) : unexpected('surveyBranches'),
    surveyTransaction: calls.surveyTransaction
      ? vi.fn(calls.surveyTransaction)
      : unexpected('surveyTransaction'),
    menuProducts: calls.menuProducts ? vi.fn(calls.menuProducts) : unexpected('menuProducts'),
    menuGroups: calls.menuGroups ? vi.fn(calls.menuGroups) : unexpected('menuGroups'),
    submitSurvey: calls.submitSurvey ? vi.fn(calls.submitSurvey) : unexpected('submitSurvey'),
    supplement: calls.supplement ? vi.fn(calls.supplement) : unexpected('supplement'),
    prompt: calls.prompt ? vi.fn(calls.prompt) : unexpected('prompt'),
    track: calls.track ? vi.fn(calls.track) : unexpected('track'),
    uploadPhoto: calls.uploadPhoto ? vi.fn(calls.uploadPhoto) : unexpected('uploadPhoto'),
    deletePhoto: calls.deletePhoto ? vi.fn(calls.deletePhoto) : unexpected('deletePhoto'),
  };
}

/** An API failure as the client throws it (status, code, message…). */
export function apiFailure(status: number, code: number, message = 'failure') {
  return Object.assign(new Error(message), { status, code, detail: null, previous: null, ui: false });
}

const noRule = { indicatorId: null, scoreRequired: null, lowerBound: true, strict: false };
const roomy = { maximum: 10, indicatorRule: noRule };

/** A whole survey as survey.config sends it (the domain schema fills its defaults). */
export function testSurvey(overrides: Partial<SurveyInput> = {}) {
  return surveySchema.parse({
    templateId: 1,
    surveyId: 1,
    surveyTypeId: 1,
    slug: 'demo-bistro',
    name: 'Demo Bistro',
    templateLocale: 'en-gb',
    eposEnabled: false,
    showPinScreen: false,
    tableNumberEntry: false,
    maximumQuestionCount: 10,
    averageServiceTime: 60,
    sections: [{ id: 'main', name: 'Main', weight: 50 }],
    indicatorsRenderType: 0,
    indicators: [],
    maxima: {
      other: roomy,
      contextSensitive: roomy,
      productRelated: roomy,
      drilldown: { ...roomy, maximumPerIndicator: 10 },
      menuInsight: roomy,
    },
    staffSelector: { enabled: false, renderType: 0, followup: 0 },
    managerFeedback: { enabled: false },
    aiRecommendation: { suggestionsEnabled: false },
    recommendation: { enabled: false },
    dataCapture: { enabled: false },
    ...overrides,
  });
}

/** survey.config's answer for one survey of the demo company. */
export function venueConfig(
  overrides: Partial<SurveyInput> = {},
  core: Partial<CoreSection> = {},
): VenueConfig {
  return {
    core: {
      company: { keyName: 'demo', name: 'Demo Hospitality Group' },
      schedules: [],
      features: { digitalReceipt: false },
      ...core,
    },
    surveys: [testSurvey(overrides)],
    questions: [],
    demographics: { fields: [] },
  };
}

/** A branch of survey.branch; `distance` in metres when the guest gave a position. */
export function testBranch(id: number, name: string, distance: number | null = null): BranchListing {
  const branch: Branch = {
    id,
    name,
    locationId: `LOC${id}`,
    siteId: null,
    hashCode: null,
    enableStaffPinCodes: false,
    latitude: null,
    longitude: null,
    address: `${id} High Street`,
  };
  return { ...branch, distance };
}
