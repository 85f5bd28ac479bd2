import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import {
  AppError,
  AuthType,
  ConfigEdge,
  configResponseSchema,
  dataEnvelope,
  ErrorCodes,
  type Language,
  type Question,
  type Survey,
  schedulesForBranch,
  servedInLanguage,
  type WebConfigResponse,
  webConfigResponseSchema,
} from '@venue-voice/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/connection';
import { acceptsGzip } from '../../lib/accepts-gzip';
import { splitList } from '../../lib/params';
import type { TtlCache } from '../../lib/ttl-cache';
import type { RequestContext } from '../../plugins/request-context';
import { API_CACHE_CONTROL } from '../../plugins/security-headers';
import { findBranch, listBranchSurveys } from '../../queries/branches';
import {
  findBranchServing,
  findCompanySections,
  listBranchStaff,
  listGuestStaff,
  servedSurvey,
} from '../../queries/config';
import type { SurveyRow } from '../../queries/context';
import { deviceSalt, pinVerifier } from '../../services/staff/pin-verifier';
import { publishedDocument } from '../../services/survey-versions';
import { errorResponses } from '../error-responses';
import type { RouteDeps } from './index';

const querystring = z.object({
  edge: z
    .string()
    .max(500)
    .describe(
      `Comma-joined sections: ${ConfigEdge.join(', ')} (branch, and staff in web mode, need X-Branch)`,
    ),
});
// One answer shape per mode: a device gets staff PIN verifiers (decision 0197), a guest no PIN data (0011).
const appResponse = dataEnvelope(configResponseSchema).describe('App mode (a registered device)');
const webResponse = dataEnvelope(webConfigResponseSchema).describe('Web mode (a guest, by survey slug)');
const responseOf = (authType: AuthType) => (authType === AuthType.APP ? appResponse : webResponse);
const notModified = z.any().describe('Not modified: If-None-Match still matches the ETag');

/** Parses the edge list: empty → 10033, unknown → 10010. */
export function parseConfigEdges(raw: string): ConfigEdge[] {
  const edges = [...new Set(splitList(raw))];
  if (edges.length === 0) {
    throw new AppError(ErrorCodes.INVALID_EDGE_COUNT, { message: 'Ask for at least one edge' });
  }
  const unknown = edges.filter((e) => !(ConfigEdge as readonly string[]).includes(e));
  if (unknown.length > 0) {
    throw new AppError(ErrorCodes.INVALID_EDGE, {
      message: `Unknown edge: ${unknown.join(', ')}`,
      detail: { invalid: unknown, allowed: [...ConfigEdge] },
    });
  }
  return edges as ConfigEdge[];
}

/**
 * The branch of the branch and staff edges: the device's in app mode, X-Branch (already checked against
 * the survey) in web mode. A guest who has not chosen a branch gets no branch's data: a slug may serve
 * several branches, and guessing one would show another venue's team.
 */
function requireBranchId(ctx: RequestContext, edge: ConfigEdge): number {
  if (ctx.branchId !== null) return ctx.branchId;
  throw new AppError(ErrorCodes.PARAMETER_MISSING, {
    message: `The ${edge} edge needs the X-Branch header`,
    detail: { fields: [{ field: 'x-branch', in: 'headers', message: `Required for the ${edge} edge` }] },
  });
}

/** A weak validator of the body; weak because compression may change the bytes but not the meaning. */
const etagOf = (json: string) => `W/"${createHash('sha256').update(json).digest('base64url').slice(0, 32)}"`;

const matchesEtag = (header: string | undefined, etag: string) =>
  (header ?? '').split(',').some((v) => {
    const tag = v.trim();
    return tag === '*' || (tag !== '' && tag.replace(/^W\//, '') === etag.replace(/^W\//, ''));
  });

/**
 * O15.23 A survey and its questions in the language the guest asks for (X-Language) when the survey is
 * offered in it with every text and the company offers it (O3.10 would otherwise serve another), else
 * in the survey's own language: one language or the other, never a mix (decision 0256).
 */
export function surveyInLanguage(
  row: SurveyRow,
  language: Language,
  companyLanguages: readonly Language[],
): { survey: Survey; questions: Question[] } {
  const served = servedInLanguage(publishedDocument(row), language, companyLanguages);
  return { survey: { ...served.survey, version: row.version }, questions: served.questions };
}

/** The requested sections for the slug's survey (web) or the device's branch (app). */
// Typed as the web answer, which an app answer also satisfies; each mode's schema checks it after.
async function buildConfig(db: Db, ctx: RequestContext, edges: ConfigEdge[]): Promise<WebConfigResponse> {
  const want = (e: ConfigEdge) => edges.includes(e);
  const data: WebConfigResponse = {};

  const needsSurveys = want('surveys') || want('questions');
  const surveyRows = !needsSurveys
    ? []
    : ctx.survey
      ? [ctx.survey]
      : await listBranchSurveys(db, ctx.branchId ?? 0);
  const sectionEdges = ['core', 'complaints', 'data_capture', 'demographics', 'statics'] as const;
  // The company's console settings shape the surveys (branding, language) and the sections (decision 0210).
  const sections =
    needsSurveys || sectionEdges.some(want) ? await findCompanySections(db, ctx.company.id) : null;
  // The branch, when known, decides table entry and its tablets' sync schedule (decision 0211).
  const serving =
    ctx.branchId !== null && (want('surveys') || want('core'))
      ? await findBranchServing(db, ctx.company.id, ctx.branchId)
      : null;
  // Each survey in one language, its questions with it (O15.23).
  const served = sections
    ? surveyRows.map((row) => ({ row, ...surveyInLanguage(row, ctx.language, sections.settings.languages) }))
    : [];
  if (want('surveys') && sections) {
    data.surveys = served.map(({ row, survey }) => servedSurvey(row, sections.settings, serving, survey));
  }
  if (want('questions')) data.questions = served.flatMap(({ questions }) => questions);

  if (want('branch')) {
    const branch = await findBranch(db, ctx.company.id, requireBranchId(ctx, 'branch'));
    if (!branch) throw new AppError(ErrorCodes.INVALID_BRANCH_REFERENCE);
    data.branch = branch;
  }
  if (want('staff')) {
    const branchId = requireBranchId(ctx, 'staff');
    data.staff = ctx.device
      ? await deviceStaff(db, branchId, deviceSalt(ctx.company.id, ctx.device))
      : await listGuestStaff(db, branchId);
  }

  if (sections) {
    if (want('core')) {
      data.core = {
        company: { keyName: ctx.company.key, name: ctx.company.name },
        schedules: schedulesForBranch(sections.schedules, serving?.syncSchedule ?? null),
        features: sections.features,
        languages: sections.settings.languages,
      };
    }
    if (want('complaints')) data.complaints = sections.complaints;
    if (want('data_capture')) data.data_capture = sections.data_capture;
    if (want('demographics')) data.demographics = sections.demographics;
    if (want('statics')) data.statics = sections.statics;
  }
  return data;
}

/**
 * The branch's staff for one device: each member's PIN as a verifier made with the device's salt, never
 * the PIN (decision 0197); a member without a PIN has none.
 */
async function deviceStaff(db: Db, branchId: number, salt: string) {
  return Promise.all(
    (await listBranchStaff(db, branchId)).map(async ({ pinCode, ...member }) => ({
      ...member,
      pinVerifier: member.hasPin && pinCode ? await pinVerifier(pinCode, salt) : null,
    })),
  );
}

/**
 * Who the answer is for: the same key always gets the same body (company, survey, branch, mode, edges,
 * the device when it asks for staff: its PIN verifiers are its own, and the language when it asks for
 * surveys or questions: their texts are the guest's language's, O15.23).
 */
const cacheKey = (ctx: RequestContext, edges: ConfigEdge[], edgeKey: string) =>
  `${ctx.authType}|${ctx.company.id}|${ctx.survey?.id ?? '-'}|${ctx.branchId ?? '-'}|${edgeKey}|${
    ctx.device && edges.includes('staff') ? ctx.device.id : '-'
  }|${edges.includes('surveys') || edges.includes('questions') ? ctx.language : '-'}`;

/**
 * One built answer: its JSON as bytes (sent as they are: no serialising, encoding or measuring per
 * request), its ETag, and the same bytes gzipped, made on the first request that accepts gzip.
 */
export interface ConfigAnswer {
  body: Buffer;
  etag: string;
  gzipped?: Buffer;
}

/** survey.config's built answers by cacheKey. */
export type ConfigCache = TtlCache<ConfigAnswer>;

// The headers every answer carries; the strings are made once, not per request.
const VARY = 'X-Auth-Type, X-Survey-Slug, X-Branch, X-Device-Id, Authorization, X-Language, Accept-Encoding';
const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * Edge lists as clients send them, parsed once: a handful of distinct strings in practice. Parsing on
 * every request instead cost about 4 % of the route's server CPU in bench/config.bench.ts (decision 0146).
 */
const parsedEdges = new Map<string, { edges: ConfigEdge[]; key: string }>();
const MAX_EDGE_LISTS = 200;

function edgesOf(raw: string): { edges: ConfigEdge[]; key: string } {
  const known = parsedEdges.get(raw);
  if (known) return known;
  const edges = parseConfigEdges(raw); // throws for a bad list, which is never kept
  const parsed = { edges, key: [...edges].sort().join(',') };
  if (parsedEdges.size >= MAX_EDGE_LISTS) parsedEdges.clear();
  parsedEdges.set(raw, parsed);
  return parsed;
}

/** Forgets every cached answer of a company (the staff edge changed: decision 0111). */
export const forgetCompanyConfig = (cache: ConfigCache, companyId: number) =>
  cache.deleteWhere((key) => key.split('|')[1] === String(companyId));

export const surveyConfigRoute: FastifyPluginAsyncZod<RouteDeps> = async (
  app,
  { db, configCache: cache },
) => {
  app.get(
    '/config',
    {
      schema: {
        tags: ['survey'],
        querystring,
        response: { 200: z.union([appResponse, webResponse]), 304: notModified, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { ctx } = request;
      const { edges, key } = edgesOf(request.query.edge);
      // Built, checked against the contract and serialised once per key and TTL (docs/decisions/0006);
      // a cached answer is sent as it was checked, with no query, no zod and no JSON per request.
      const cacheId = cacheKey(ctx, edges, key);
      const answer = await cache.get(cacheId, async () => {
        // The web schema also strips any manager-only staff field a query might have let through.
        const json = JSON.stringify(
          responseOf(ctx.authType).parse({ data: await buildConfig(db, ctx, edges) }),
        );
        return { body: Buffer.from(json), etag: etagOf(json) };
      });
      reply.header('ETag', answer.etag);
      // A guest's answer (public venue data) is revalidated by its ETag; a device's (its staff PIN
      // verifiers) is never stored, like every API answer with secrets (decision 0194): the tablet keeps
      // the ETag itself and sends it as If-None-Match (decision 0228). The ETag hashes the whole body,
      // so it covers the device's own verifiers and changes with any member.
      reply.header('Cache-Control', ctx.device ? API_CACHE_CONTROL : 'no-cache');
      reply.header('Vary', VARY);
      if (matchesEtag(request.headers['if-none-match'], answer.etag)) {
        return reply.status(304).send();
      }
      reply.header('Content-Type', JSON_TYPE);
      if (acceptsGzip(request.headers['accept-encoding'])) {
        // About a fifth of the bytes; compressed once per answer, not per request.
        answer.gzipped ??= gzipSync(answer.body);
        reply.header('Content-Encoding', 'gzip');
        return reply.send(answer.gzipped);
      }
      return reply.send(answer.body);
    },
  );
};
