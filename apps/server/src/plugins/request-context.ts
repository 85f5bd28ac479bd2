import { createHash } from 'node:crypto';
import { AppError, AuthType, DEFAULT_LANGUAGE, ErrorCodes, Language } from '@venue-voice/domain';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/connection';
import { TtlCache } from '../lib/ttl-cache';
import {
  type CompanyRow,
  findDeviceByTokenHash,
  findSurveyBySlug,
  type SurveyRow,
  surveyHasBranch,
} from '../queries/context';

/**
 * True when the branch is linked to the survey. A fresh cached answer comes back as it is, without a
 * promise (`await` it either way).
 */
export type BranchLinkCheck = (surveyId: number, branchId: number) => boolean | Promise<boolean>;

/** Who is asking, resolved from credentials only (architecture: tenancy never trusts X-Company). */
export interface RequestContext {
  authType: AuthType;
  language: Language;
  clientId: string | null;
  company: CompanyRow;
  /** Web mode: the survey of X-Survey-Slug. App mode: null (the device sees every survey of its branch). */
  survey: SurveyRow | null;
  /** App mode: the authenticated device. */
  device: { id: number; deviceId: string; branchId: number } | null;
  /** App mode: the device's branch. Web mode: X-Branch when given (checked against the survey). */
  branchId: number | null;
  /**
   * Survey ↔ branch links from the app's one cache (decision 0006): X-Branch here, and survey.submit's
   * urlParams.branchId and receipt branch (resolveTarget) ask the same, so a link is read once per TTL.
   */
  linked: BranchLinkCheck;
}

declare module 'fastify' {
  interface FastifyRequest {
    ctx: RequestContext;
  }
}

const MAX_INT4 = 2_147_483_647;

/** A database integer id from text: digits only and within PostgreSQL's integer range, else null. */
export function parseId(raw: string | undefined): number | null {
  if (raw === undefined || !/^\d{1,10}$/.test(raw)) return null;
  const value = Number(raw);
  return value >= 1 && value <= MAX_INT4 ? value : null;
}

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  const text = Array.isArray(value) ? value[0] : value;
  return text === undefined || text.trim() === '' ? undefined : text.trim();
}

const invalid = (name: string, message: string) =>
  new AppError(ErrorCodes.PARAMETER_VALUE_INVALID, {
    message,
    detail: { fields: [{ field: name, in: 'headers', message }] },
  });

function readAuthType(request: FastifyRequest): AuthType {
  const raw = header(request, 'x-auth-type');
  if (raw === undefined) return AuthType.WEB;
  if (raw === AuthType.WEB || raw === AuthType.APP) return raw;
  throw invalid('x-auth-type', 'X-Auth-Type must be web or app');
}

function readLanguage(request: FastifyRequest): Language {
  const raw = header(request, 'x-language');
  if (raw === undefined) return DEFAULT_LANGUAGE;
  const lower = raw.toLowerCase();
  if ((Language as readonly string[]).includes(lower)) return lower as Language;
  throw new AppError(ErrorCodes.UNSUPPORTED_LANGUAGE, {
    message: `Unsupported language: use one of ${Language.join(', ')}`,
    detail: { supported: [...Language] },
  });
}

/** Hex SHA-256 of a device token: the only form in which tokens are stored. */
export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

async function resolveDevice(db: Db, request: FastifyRequest) {
  const authorization = header(request, 'authorization');
  const deviceId = header(request, 'x-device-id');
  const token = authorization?.match(/^Bearer\s+(\S{1,512})$/i)?.[1];
  if (!token || !deviceId) {
    throw new AppError(ErrorCodes.NOT_AUTHENTICATED, {
      message: 'A device token (Authorization: Bearer) and X-Device-Id are required',
    });
  }
  const device = await findDeviceByTokenHash(db, hashToken(token));
  if (!device || device.deviceId !== deviceId) throw new AppError(ErrorCodes.NOT_AUTHENTICATED);
  if (!device.enabled) throw new AppError(ErrorCodes.INVALID_DEVICE_REFERENCE, { ui: true });
  return device;
}

export type SurveyLookups = {
  bySlug: TtlCache<Awaited<ReturnType<typeof findSurveyBySlug>>>;
  linked: BranchLinkCheck;
  /** Drops every kept answer: a survey was published, switched on or off, or moved between branches. */
  forget(): void;
};

async function resolveSurvey(db: Db, request: FastifyRequest, cache: SurveyLookups) {
  const slug = header(request, 'x-survey-slug');
  if (slug === undefined) {
    throw new AppError(ErrorCodes.PARAMETER_MISSING, {
      message: 'No survey tag passed (X-Survey-Slug)',
      detail: { fields: [{ field: 'x-survey-slug', in: 'headers', message: 'Required' }] },
    });
  }
  const key = slug.toLowerCase();
  // A fresh cached answer comes back as it is, without getOrLoad's promise (the hot path of survey.config).
  const found = /^[a-z0-9_-]{1,100}$/i.test(slug)
    ? await cache.bySlug.get(key, () => findSurveyBySlug(db, key))
    : null;
  if (!found?.survey.active) {
    throw new AppError(ErrorCodes.INVALID_TEMPLATE_REFERENCE, {
      message: 'Bad survey tag used',
      detail: { slug },
    });
  }
  return found;
}

/** Reads the api.md headers and resolves company, survey, device and branch, or throws the spec's error. */
export async function resolveRequestContext(
  db: Db,
  request: FastifyRequest,
  cache: SurveyLookups = surveyLookups(db, 0),
): Promise<RequestContext> {
  const authType = readAuthType(request);
  const language = readLanguage(request);
  const clientId = header(request, 'x-client-id')?.slice(0, 200) ?? null;

  if (authType === AuthType.APP) {
    // Company and branch come from the device row; X-Company and X-Branch are not trusted here.
    const device = await resolveDevice(db, request);
    const { company, ...rest } = device;
    const { branchId } = device;
    const { linked } = cache;
    return { authType, language, clientId, company, survey: null, device: rest, branchId, linked };
  }

  const { survey, company } = await resolveSurvey(db, request, cache);
  const { linked } = cache;
  const rawBranch = header(request, 'x-branch');
  if (rawBranch === undefined)
    return { authType, language, clientId, company, survey, device: null, branchId: null, linked };
  const branchId = parseId(rawBranch);
  // A fresh cached link is read without a promise (the hot path of survey.config, decision 0127).
  const link = branchId === null ? false : linked(survey.id, branchId);
  if (!(typeof link === 'boolean' ? link : await link)) {
    throw new AppError(ErrorCodes.INVALID_BRANCH_REFERENCE, {
      message: 'This branch does not belong to the survey',
      detail: { branch: rawBranch },
    });
  }
  return { authType, language, clientId, company, survey, device: null, branchId, linked };
}

/** The slug and survey ↔ branch lookups, each answer kept `ttlMs` (0: asked every time). */
export function surveyLookups(db: Db, ttlMs: number): SurveyLookups {
  const links = new TtlCache<boolean>(ttlMs);
  const bySlug: SurveyLookups['bySlug'] = new TtlCache(ttlMs);
  return {
    bySlug,
    linked: (surveyId, branchId) => {
      const key = `${surveyId}:${branchId}`;
      return links.get(key, () => surveyHasBranch(db, surveyId, branchId));
    },
    forget: () => {
      bySlug.deleteWhere(() => true);
      links.deleteWhere(() => true);
    },
  };
}

/**
 * onRequest hook for routes that need a context: runs before validation so credentials fail first.
 * Slug and survey ↔ branch lookups are reused for `cacheTtlMs` (surveys change rarely); device tokens
 * are always checked, so a disabled device is refused at once.
 */
export const requestContextHook = (
  db: Db,
  options: { cacheTtlMs?: number; lookups?: SurveyLookups } = {},
) => {
  // The app's own (buildApp's), so a console change to a survey can drop what is kept at once.
  const cache = options.lookups ?? surveyLookups(db, options.cacheTtlMs ?? 0);
  return async (request: FastifyRequest) => {
    request.ctx = await resolveRequestContext(db, request, cache);
  };
};
