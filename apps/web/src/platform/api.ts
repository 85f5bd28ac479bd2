import { createApiClient, type MenuQuery, type TransactionQuery } from '@venue-voice/client';
import {
  type BranchListing,
  type ConfigEdge,
  type ConfigResponse,
  type CreatePayload,
  type FamilyGroup,
  type Language,
  type MajorGroup,
  MENU_EXPORT_LIMIT,
  type Product,
  type SubmitResponse,
  type TransactionResponse,
} from '@venue-voice/domain';
import { env } from '../config/env';

/** survey.config's answer for a guest: the edges of WEB_CONFIG_EDGES (one schema: the domain's). */
export type VenueConfig = ConfigResponse;

/** What the guest flow downloads at each setup (G2, G4): everything but the app-only staff edge. */
export const WEB_CONFIG_EDGES: readonly ConfigEdge[] = [
  'core',
  'surveys',
  'questions',
  'data_capture',
  'demographics',
  'statics',
];

export type { MenuQuery, TransactionQuery };

/** A position in degrees, as survey.branch takes it. */
export interface Coordinates {
  latitude: number;
  longitude: number;
}

/**
 * The calls the web app makes, narrowed to what screens use. Screens get it from ApiProvider, so
 * tests pass a fake and the screens never see transport details. Guest calls go by survey slug.
 */
export interface WebApi {
  surveyConfig(slug: string, language: Language): Promise<VenueConfig>;
  /** survey.branch: the slug's branches; nearest first with `distance` (metres) when given a position. */
  surveyBranches(slug: string, language: Language, near?: Coordinates): Promise<BranchListing[]>;
  /** survey.transaction: a receipt PIN, PVE reference or table-number lookup (a miss is data, not an error). */
  surveyTransaction(slug: string, language: Language, query: TransactionQuery): Promise<TransactionResponse>;
  /** survey.menu.query, products edge: one page in the D7 order (text search from 3 characters). */
  menuProducts(slug: string, language: Language, query: MenuQuery, signal?: AbortSignal): Promise<Product[]>;
  /** survey.menu.query: the menu's categories (major groups, misc groups included) and subcategories. */
  menuGroups(
    slug: string,
    language: Language,
    signal?: AbortSignal,
  ): Promise<{ majorGroups: MajorGroup[]; familyGroups: FamilyGroup[] }>;
  /**
   * survey.submit (create) at the guest's branch (null: the server takes the payload's urlParams). The
   * payload's guid makes a retry safe: the server answers the first response again.
   */
  submitSurvey(
    slug: string,
    language: Language,
    branchId: number | null,
    templateId: number,
    payload: CreatePayload,
  ): Promise<SubmitResponse>;
}

/**
 * The real API, through the shared typed client (which checks answers against the domain schemas).
 * Failures are the client's ApiFailure. `fetch` and `baseUrl` are for tests.
 */
export function createWebApi(options: { fetch?: typeof fetch; baseUrl?: string } = {}): WebApi {
  const clientFor = (slug: string, language: Language, branchId?: number) =>
    createApiClient({
      baseUrl: options.baseUrl ?? env.apiBaseUrl,
      fetch: options.fetch,
      authType: 'web',
      language,
      clientId: env.clientId,
      surveySlug: slug,
      ...(branchId === undefined ? {} : { branchId }),
    });
  return {
    surveyConfig: (slug, language) => clientFor(slug, language).survey.config({ edges: WEB_CONFIG_EDGES }),
    surveyBranches: (slug, language, near) => clientFor(slug, language).survey.branch(near),
    surveyTransaction: (slug, language, query) => clientFor(slug, language).survey.transaction(query),
    menuProducts: (slug, language, query, signal) =>
      clientFor(slug, language).survey.menu.query('products', query, signal),
    async menuGroups(slug, language, signal) {
      const menu = clientFor(slug, language).survey.menu;
      // Groups are few (tens), so one page of the largest size holds them all.
      const [majorGroups, familyGroups] = await Promise.all([
        menu.query('major_groups', { limit: MENU_EXPORT_LIMIT }, signal),
        menu.query('family_groups', { limit: MENU_EXPORT_LIMIT }, signal),
      ]);
      return { majorGroups, familyGroups };
    },
    submitSurvey: (slug, language, branchId, templateId, payload) =>
      clientFor(slug, language, branchId ?? undefined).survey.create(payload, templateId),
  };
}
