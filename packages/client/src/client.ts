import type {
  ConfigEdge,
  ConfigResponse,
  FamilyGroup,
  MajorGroup,
  MenuEdge,
  PinType,
  Product,
  WebConfigResponse,
} from '@venue-voice/domain';
import type { z } from 'zod';
import { deviceCalls } from './device';
import type { Credentials } from './headers';
import { buildQuery } from './headers';
import { manageCalls } from './manage';
import { request, type Transport } from './request';
import { responseCalls } from './responses';

export interface ClientOptions extends Credentials {
  /** '' for the same origin as the page. */
  baseUrl: string;
  fetch?: typeof fetch;
}

export interface TransactionQuery {
  branchId: number;
  templateId: number;
  pinType: PinType;
  /** `now`, or the visit's date-time. */
  date?: string;
  pin?: string;
  tableId?: string;
  checkId?: string;
  txSource?: string;
  api?: string;
}

export interface MenuQuery {
  order?: readonly string[];
  textFields?: readonly string[];
  limit?: number;
  offset?: number;
  type?: number;
  familyGroupRef?: string;
  majorGroupRef?: string;
  text?: string;
  transactionProductRefs?: readonly string[];
}

interface MenuItems {
  products: Product;
  family_groups: FamilyGroup;
  major_groups: MajorGroup;
}
type MenuItem<E extends MenuEdge> = MenuItems[E];
const menuPage = <E extends MenuEdge>(edge: E) => ({
  schema: (s: { menu: Record<MenuEdge, z.ZodType> }) =>
    s.menu[edge] as unknown as z.ZodType<Record<E, MenuItem<E>[]>>,
});

/** The typed platform API client: one method per call of api.md (read side so far). */
export const createApiClient = (options: ClientOptions) => {
  const { baseUrl, fetch: fetchImpl, ...credentials } = options;
  const transport: Transport = {
    baseUrl,
    credentials,
    fetch: fetchImpl ?? globalThis.fetch.bind(globalThis),
  };

  const menuQuery = async <E extends MenuEdge>(edge: E, query: MenuQuery = {}, signal?: AbortSignal) => {
    const data = await request(transport, {
      call: 'survey.menu.query',
      query: buildQuery({ edge, ...query }),
      parse: menuPage(edge),
      signal,
    });
    return data[edge];
  };
  const menuExportPage = async <E extends MenuEdge>(edge: E, limit: number, offset: number) => {
    const data = await request(transport, {
      call: 'survey.menu.export',
      query: buildQuery({ edge, limit, offset }),
      parse: menuPage(edge),
    });
    return data[edge];
  };

  return {
    credentials,
    /** Where calls go and how: for calls kept out of the client object (`fetchDeviceConfig`). */
    transport,
    /** A client with some credentials changed (language, branch, device token…). */
    with: (changes: Partial<ClientOptions>) => createApiClient({ ...options, ...changes }),
    health: () => request(transport, { call: 'health', parse: { schema: (s) => s.health } }),
    device: deviceCalls(transport),
    manage: manageCalls(transport),
    survey: {
      ...responseCalls(transport),
      branch: (coordinates?: { latitude: number; longitude: number }, signal?: AbortSignal) =>
        request(transport, {
          call: 'survey.branch',
          query: buildQuery({ latitude: coordinates?.latitude, longitude: coordinates?.longitude }),
          parse: { schema: (s) => s.branches },
          signal,
        }).then((data) => data.branches),
      config: (
        params: { edges: readonly ConfigEdge[] },
        signal?: AbortSignal,
      ): Promise<ConfigResponse | WebConfigResponse> =>
        request(transport, {
          call: 'survey.config',
          query: buildQuery({ edge: params.edges }),
          // A guest's staff edge has no PIN codes (decision 0011): each mode is read with its own schema.
          parse: { schema: (s) => (credentials.authType === 'app' ? s.config : s.webConfig) },
          signal,
        }),
      /** survey.config as a guest reads it (web credentials): typed as the domain's web answer. */
      webConfig: (
        params: { edges: readonly ConfigEdge[] },
        signal?: AbortSignal,
      ): Promise<WebConfigResponse> =>
        request(transport, {
          call: 'survey.config',
          query: buildQuery({ edge: params.edges }),
          parse: { schema: (s) => s.webConfig },
          signal,
        }),
      transaction: (query: TransactionQuery, signal?: AbortSignal) =>
        request(transport, {
          call: 'survey.transaction',
          query: buildQuery({ ...query }),
          headers: { templateId: query.templateId },
          parse: { schema: (s) => s.transaction },
          signal,
        }),
      menu: {
        query: menuQuery,
        /** One page of the full menu export (D7). */
        exportPage: menuExportPage,
        /** The whole edge, paged until a page is shorter than the limit (D7). */
        exportAll: async <E extends MenuEdge>(edge: E, limit = 2500) => {
          const all: MenuItem<E>[] = [];
          for (let offset = 0; ; offset += limit) {
            const page = await menuExportPage(edge, limit, offset);
            all.push(...page);
            if (page.length < limit) return all;
          }
        },
      },
    },
  };
};
export type ApiClient = ReturnType<typeof createApiClient>;
