import {
  createApiClient,
  type MenuQuery,
  type ResponseCredentials,
  type TransactionQuery,
} from '@venue-voice/client';
import {
  type BranchListing,
  type ConfigEdge,
  type CreatePayload,
  type FamilyGroup,
  type GuestStaffMember,
  type Language,
  type MajorGroup,
  MENU_EXPORT_LIMIT,
  type Product,
  type PromptAnswer,
  type SubmitResponse,
  type SupplementPayload,
  type TrackAction,
  type TransactionResponse,
  type UploadAnswer,
  type WebConfigResponse,
} from '@venue-voice/domain';
import { env } from '../config/env';

/** survey.config's answer for a guest: the edges of WEB_CONFIG_EDGES (one schema: the domain's). */
export type VenueConfig = WebConfigResponse;
/** Starts loading zod and the client's schemas ahead of the first call that needs them (0078). */
export { preloadSchemas } from '@venue-voice/client';

/**
 * What the guest flow downloads at each setup (G2, G4). Not the staff edge: it needs the guest's
 * branch, which is not known yet at setup; `surveyStaff` fetches it once it is (decision 0011).
 */
export const WEB_CONFIG_EDGES: readonly ConfigEdge[] = [
  'core',
  'surveys',
  'questions',
  'data_capture',
  'demographics',
  'statics',
];

export type { MenuQuery, ResponseCredentials, TransactionQuery };

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
  /**
   * survey.config with WEB_CONFIG_EDGES, parsed whole by the domain's web schema (decision 0173): on the
   * server for a first screen it renders, in the browser (zod loaded alongside the request) otherwise.
   */
  surveyConfig(slug: string, language: Language): Promise<VenueConfig>;
  /** survey.config's staff edge at the guest's branch: its active members, no PIN codes (decision 0011). */
  surveyStaff(slug: string, language: Language, branchId: number): Promise<GuestStaffMember[]>;
  /** survey.branch: the slug's branches; nearest first with `distance` (metres) when given a position. */
  surveyBranches(slug: string, language: Language, near?: Coordinates): Promise<BranchListing[]>;
  /** survey.transaction: a receipt PIN, PVE reference or table-number lookup (a miss is data, not an error). */
  surveyTransaction(slug: string, language: Language, query: TransactionQuery): Promise<TransactionResponse>;
  /** survey.menu.query, products edge: one page in the D7 order (text search from 3 characters). */
  menuProducts(slug: string, language: Language, query: MenuQuery, signal?: AbortSignal): Promise<Product[]>;
  /**
   * survey.menu.query: the menu's categories (major groups, misc groups included) and subcategories;
   * with a product type, only those holding a product of that type (decision 0072).
   */
  menuGroups(
    slug: string,
    language: Language,
    type: number | null,
    signal?: AbortSignal,
  ): Promise<{ majorGroups: MajorGroup[]; familyGroups: FamilyGroup[] }>;
  /**
   * survey.submit (create) at the guest's branch (null: the server takes the payload's urlParams). The
   * payload's guid makes a retry safe: the server answers the first response again. `botToken`: the
   * reCAPTCHA token sent as X-Bot-Token (null: none; decision 0200).
   */
  submitSurvey(
    slug: string,
    language: Language,
    branchId: number | null,
    templateId: number,
    payload: CreatePayload,
    botToken: string | null,
  ): Promise<SubmitResponse>;
  /** survey.submit (supplement): contact details and marketing permission added to the response. */
  supplement(
    slug: string,
    language: Language,
    response: ResponseCredentials,
    payload: SupplementPayload,
  ): Promise<void>;
  /** survey.prompt: the review text suggested from the guest's own answers (errors not shown: G8). */
  prompt(slug: string, language: Language, response: ResponseCredentials): Promise<PromptAnswer>;
  /** survey.track: the sharing actions the guest took. */
  track(
    slug: string,
    language: Language,
    response: ResponseCredentials,
    actions: readonly TrackAction[],
  ): Promise<void>;
  /** survey.upload.upsert: stores (or replaces) the response's photo; HEIC must be converted first. */
  uploadPhoto(
    slug: string,
    language: Language,
    response: ResponseCredentials,
    image: Blob,
    fileName: string,
  ): Promise<UploadAnswer>;
  /** survey.upload.delete: removes the response's photo (errors not shown: G8). */
  deletePhoto(slug: string, language: Language, response: ResponseCredentials): Promise<void>;
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
    surveyConfig: (slug, language) => clientFor(slug, language).survey.webConfig({ edges: WEB_CONFIG_EDGES }),
    surveyStaff: async (slug, language, branchId) =>
      (await clientFor(slug, language, branchId).survey.webConfig({ edges: ['staff'] })).staff ?? [],
    surveyBranches: (slug, language, near) => clientFor(slug, language).survey.branch(near),
    surveyTransaction: (slug, language, query) => clientFor(slug, language).survey.transaction(query),
    menuProducts: (slug, language, query, signal) =>
      clientFor(slug, language).survey.menu.query('products', query, signal),
    async menuGroups(slug, language, type, signal) {
      const menu = clientFor(slug, language).survey.menu;
      // Groups are few (tens), so one page of the largest size holds them all.
      const query = { limit: MENU_EXPORT_LIMIT, ...(type === null ? {} : { type }) };
      const [majorGroups, familyGroups] = await Promise.all([
        menu.query('major_groups', query, signal),
        menu.query('family_groups', query, signal),
      ]);
      return { majorGroups, familyGroups };
    },
    submitSurvey: (slug, language, branchId, templateId, payload, botToken) =>
      clientFor(slug, language, branchId ?? undefined).survey.create(payload, templateId, botToken),
    async supplement(slug, language, response, payload) {
      await clientFor(slug, language).survey.supplement(payload, response);
    },
    prompt: (slug, language, response) => clientFor(slug, language).survey.prompt(response),
    async track(slug, language, response, actions) {
      await clientFor(slug, language).survey.track(actions, response);
    },
    uploadPhoto: (slug, language, response, image, fileName) =>
      clientFor(slug, language).survey.upload(image, response, fileName),
    async deletePhoto(slug, language, response) {
      await clientFor(slug, language).survey.deleteUpload(response);
    },
  };
}
