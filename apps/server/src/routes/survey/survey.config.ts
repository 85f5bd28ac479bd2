import { createHash } from 'node:crypto';
import {
  APP_ONLY_CONFIG_EDGES,
  AppError,
  AuthType,
  ConfigEdge,
  type ConfigResponse,
  configResponseSchema,
  dataEnvelope,
  ErrorCodes,
} from '@venue-voice/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/connection';
import { splitList } from '../../lib/params';
import { TtlCache } from '../../lib/ttl-cache';
import type { RequestContext } from '../../plugins/request-context';
import { findBranch, listBranchSurveys } from '../../queries/branches';
import { findCompanySections, listBranchStaff, toQuestions, toSurvey } from '../../queries/config';
import { errorResponses } from '../error-responses';
import type { RouteDeps } from './index';

const querystring = z.object({
  edge: z
    .string()
    .max(500)
    .describe(`Comma-joined sections: ${ConfigEdge.join(', ')} (staff: app mode only)`),
});
const response = dataEnvelope(configResponseSchema);
const notModified = z.any().describe('Not modified: If-None-Match still matches the ETag');

/** Parses the edge list: empty → 10033, unknown → 10010, staff in web mode → 10023. */
export function parseConfigEdges(raw: string, authType: AuthType): ConfigEdge[] {
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
  const parsed = edges as ConfigEdge[];
  const appOnly = parsed.filter((e) => APP_ONLY_CONFIG_EDGES.includes(e));
  if (authType === AuthType.WEB && appOnly.length > 0) {
    throw new AppError(ErrorCodes.INVALID_EDGE_REQUIREMENTS, {
      message: `Only a registered device may ask for: ${appOnly.join(', ')}`,
      detail: { edges: appOnly },
    });
  }
  return parsed;
}

/** The branch edge's branch: the device's in app mode, X-Branch (already checked) in web mode. */
function requireBranchId(ctx: RequestContext): number {
  if (ctx.branchId !== null) return ctx.branchId;
  throw new AppError(ErrorCodes.PARAMETER_MISSING, {
    message: 'The branch edge needs the X-Branch header',
    detail: { fields: [{ field: 'x-branch', in: 'headers', message: 'Required for the branch edge' }] },
  });
}

/** A weak validator of the body; weak because compression may change the bytes but not the meaning. */
const etagOf = (json: string) => `W/"${createHash('sha256').update(json).digest('base64url').slice(0, 32)}"`;

const matchesEtag = (header: string | undefined, etag: string) =>
  (header ?? '').split(',').some((v) => {
    const tag = v.trim();
    return tag === '*' || (tag !== '' && tag.replace(/^W\//, '') === etag.replace(/^W\//, ''));
  });

/** The requested sections for the slug's survey (web) or the device's branch (app). */
async function buildConfig(db: Db, ctx: RequestContext, edges: ConfigEdge[]): Promise<ConfigResponse> {
  const want = (e: ConfigEdge) => edges.includes(e);
  const data: ConfigResponse = {};

  const needsSurveys = want('surveys') || want('questions');
  const surveyRows = !needsSurveys
    ? []
    : ctx.survey
      ? [ctx.survey]
      : await listBranchSurveys(db, ctx.branchId ?? 0);
  if (want('surveys')) data.surveys = surveyRows.map(toSurvey);
  if (want('questions')) data.questions = surveyRows.flatMap(toQuestions);

  if (want('branch')) {
    const branch = await findBranch(db, ctx.company.id, requireBranchId(ctx));
    if (!branch) throw new AppError(ErrorCodes.INVALID_BRANCH_REFERENCE);
    data.branch = branch;
  }
  if (want('staff')) data.staff = await listBranchStaff(db, ctx.branchId ?? 0);

  const sectionEdges = ['core', 'complaints', 'data_capture', 'demographics', 'statics'] as const;
  if (sectionEdges.some(want)) {
    const sections = await findCompanySections(db, ctx.company.id);
    if (want('core')) {
      data.core = {
        company: { keyName: ctx.company.key, name: ctx.company.name },
        schedules: sections.schedules,
        features: sections.features,
      };
    }
    if (want('complaints')) data.complaints = sections.complaints;
    if (want('data_capture')) data.data_capture = sections.data_capture;
    if (want('demographics')) data.demographics = sections.demographics;
    if (want('statics')) data.statics = sections.statics;
  }
  return data;
}

/** Who the answer is for: the same key always gets the same body (company, survey, branch, mode, edges). */
const cacheKey = (ctx: RequestContext, edges: ConfigEdge[]) =>
  [
    ctx.authType,
    ctx.company.id,
    ctx.survey?.id ?? '-',
    ctx.branchId ?? '-',
    [...edges].sort().join(','),
  ].join('|');

export const surveyConfigRoute: FastifyPluginAsyncZod<RouteDeps> = async (app, { db, cacheTtlMs = 0 }) => {
  const cache = new TtlCache<{ json: string; etag: string }>(cacheTtlMs);
  app.get(
    '/config',
    {
      schema: {
        tags: ['survey'],
        querystring,
        response: { 200: response, 304: notModified, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { ctx } = request;
      const edges = parseConfigEdges(request.query.edge, ctx.authType);
      // Built, checked against the contract and serialised once per key and TTL (docs/decisions/0006).
      const { json, etag } = await cache.getOrLoad(cacheKey(ctx, edges), async () => {
        const json = JSON.stringify(response.parse({ data: await buildConfig(db, ctx, edges) }));
        return { json, etag: etagOf(json) };
      });
      reply.header('ETag', etag);
      // Always revalidate; a device's answer (staff PINs) is also kept out of shared caches.
      reply.header('Cache-Control', ctx.device ? 'private, no-cache' : 'no-cache');
      reply.header('Vary', 'X-Auth-Type, X-Survey-Slug, X-Branch, X-Device-Id, Authorization, X-Language');
      if (matchesEtag(request.headers['if-none-match'], etag)) {
        return reply.status(304).send();
      }
      // Already serialised: sent as is, not through the response serialiser again.
      return reply.type('application/json; charset=utf-8').send(json);
    },
  );
};
