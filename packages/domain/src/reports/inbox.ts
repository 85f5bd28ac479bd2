// O6.1–O6.9: the console's inbox (issue 29). What a filter may say, what is refused and how, the page's
// cursor, and what a row shows. The server turns a checked filter into SQL (apps/server/src/services/inbox).
import { z } from 'zod';
import { Language } from '../enums';
import { type QueryFault, queryIdOf, queryReader } from '../validation/query-faults';
import { type NpsGroup, npsGroup } from './figures';

/** O6.9 Rows a page holds unless `limit` says otherwise, and the most it may say. */
export const INBOX_PAGE_DEFAULT = 25;
export const INBOX_PAGE_MAX = 100;
/** O6.7 A text search is 3–100 characters (trimmed): fewer match nearly everything and use no index. */
export const INBOX_SEARCH_MIN = 3;
export const INBOX_SEARCH_MAX = 100;
/** O6.8 A row's excerpt of what the guest wrote. */
export const INBOX_EXCERPT_MAX = 160;

export const NPS_GROUPS = ['promoter', 'passive', 'detractor'] as const satisfies readonly NpsGroup[];
export const RESPONSE_SOURCES = ['web', 'app'] as const;
export type ResponseSource = (typeof RESPONSE_SOURCES)[number];

const param = (max: number) => z.string().max(max).optional();

/**
 * GET /console/responses' query: every value optional text, bounded so nothing long is read; what a value
 * must be is O6.1–O6.9 (`checkInboxQuery`), so each refusal names its field and says why.
 */
export const inboxQuerySchema = z.object({
  from: param(10).describe('YYYY-MM-DD, the first local day of the visit (with `to`)'),
  to: param(10).describe('YYYY-MM-DD, the last local day of the visit (with `from`)'),
  branchId: param(12),
  surveyId: param(12),
  indicatorId: param(12).describe('The indicator whose score band scoreMin…scoreMax is'),
  scoreMin: param(12).describe('Lowest score of indicatorId (inclusive)'),
  scoreMax: param(12).describe('Highest score of indicatorId (inclusive)'),
  nps: param(12).describe('promoter | passive | detractor (O5.1)'),
  csatMin: param(3).describe('0–100'),
  csatMax: param(3).describe('0–100'),
  complaint: param(5).describe('true: raised a complaint'),
  comment: param(5).describe('true: wrote something'),
  photo: param(5).describe('true: added a photo'),
  staffId: param(12),
  dish: param(64).describe("A product's menu ref: rated that dish"),
  language: param(5).describe(Language.join(' | ')),
  source: param(3).describe('web | app (a tablet)'),
  q: param(INBOX_SEARCH_MAX * 2).describe('3–100 characters found in what the guest wrote'),
  cursor: param(200).describe("The page before's nextCursor"),
  limit: param(3).describe(`1–${INBOX_PAGE_MAX}, default ${INBOX_PAGE_DEFAULT}`),
});
export type InboxQuery = z.infer<typeof inboxQuerySchema>;

/** Where a page ends: the last row's visit time and id (the order is visit time, then id, both descending). */
export interface InboxCursor {
  visitDatetime: string;
  id: number;
}

/** A checked inbox filter: what the SQL applies (null or false: not filtered on). */
export interface InboxFilter {
  period: { from: string; to: string } | null;
  branchId: number | null;
  surveyId: number | null;
  score: { indicatorId: number; min: number | null; max: number | null } | null;
  nps: NpsGroup | null;
  csat: { min: number; max: number } | null;
  complaint: boolean;
  comment: boolean;
  photo: boolean;
  staffId: number | null;
  dish: string | null;
  language: Language | null;
  source: ResponseSource | null;
  /** The search text, trimmed and lower-cased. */
  q: string | null;
  cursor: InboxCursor | null;
  limit: number;
}

/** A refused query value: 10008 when `missing` (another value needs it), else 10009. */
export type InboxFault = QueryFault<InboxQuery>;

const SCORE = /^-?\d{1,4}(\.\d{1,2})?$/;
const WHOLE = /^\d{1,3}$/;
const CONTROL = /\p{Cc}/u;

// base64url of UTF-8 text, by hand: the domain runs in browsers and Node alike (no Buffer).
const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

function toBase64Url(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let out = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const n = ((bytes[i] ?? 0) << 16) | ((bytes[i + 1] ?? 0) << 8) | (bytes[i + 2] ?? 0);
    const chars = Math.min(4, Math.ceil(((bytes.length - i) * 8) / 6));
    for (let c = 0; c < chars; c++) out += B64[(n >> (18 - 6 * c)) & 63];
  }
  return out;
}

function fromBase64Url(text: string): string | null {
  if (!/^[A-Za-z0-9_-]*$/.test(text) || text.length % 4 === 1) return null;
  const bytes: number[] = [];
  for (let i = 0; i < text.length; i += 4) {
    const group = text.slice(i, i + 4);
    let n = 0;
    for (let c = 0; c < 4; c++) n = (n << 6) | (c < group.length ? B64.indexOf(group[c] as string) : 0);
    const count = group.length - 1;
    for (let b = 0; b < count; b++) bytes.push((n >> (16 - 8 * b)) & 255);
  }
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(new Uint8Array(bytes));
  } catch {
    return null;
  }
}

/** O6.9 A page's cursor: base64url of `<visit time>|<id>`, opaque to the console. */
export const encodeInboxCursor = (cursor: InboxCursor): string =>
  toBase64Url(`${cursor.visitDatetime}|${cursor.id}`);

/** O6.9 The cursor's visit time and id, or null for anything encodeInboxCursor did not make. */
export function decodeInboxCursor(raw: string): InboxCursor | null {
  const text = fromBase64Url(raw);
  if (text === null) return null;
  const bar = text.lastIndexOf('|');
  const id = bar < 0 ? null : queryIdOf(text.slice(bar + 1));
  const visitDatetime = text.slice(0, Math.max(bar, 0));
  if (id === null || visitDatetime.length > 64 || CONTROL.test(visitDatetime)) return null;
  // The canonical text only: one position has one cursor.
  return encodeInboxCursor({ visitDatetime, id }) === raw ? { visitDatetime, id } : null;
}

/** O6.7 A search's LIKE pattern: lower-cased, `\`, `%` and `_` escaped (ESCAPE '\'), inside `%…%`. */
export const likePattern = (q: string): string => `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** O6.8 A row's excerpt: what the guest wrote on one line, cut at a word before 160 characters with `…`. */
export function excerptOf(body: string | null): string | null {
  if (body === null) return null;
  const line = body.replace(/\s+/g, ' ').trim();
  if (line === '') return null;
  const chars = Array.from(line);
  if (chars.length <= INBOX_EXCERPT_MAX) return line;
  const cut = chars.slice(0, INBOX_EXCERPT_MAX - 1).join('');
  const space = cut.lastIndexOf(' ');
  return `${(space > INBOX_EXCERPT_MAX / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/**
 * O6.1–O6.9 Checks an inbox query: every fault at once (10008 for a value another needs, else 10009),
 * or the filter. The period's own rule (O5.10, 10025) and whether the branch or survey may be seen
 * (O1.1, 404) are the server's report scope's, checked after this.
 */
export function checkInboxQuery(query: InboxQuery): { filter: InboxFilter } | { faults: InboxFault[] } {
  const { faults, given, refuse, id } = queryReader(query);
  const flag = (field: 'complaint' | 'comment' | 'photo') => {
    const raw = given(field);
    if (raw === null) return false;
    return raw === 'true' ? true : (refuse(field, 'Expected true (leave it out for no filter)') ?? false);
  };
  const oneOf = <T extends string>(field: keyof InboxQuery, values: readonly T[]): T | null => {
    const raw = given(field);
    if (raw === null) return null;
    return values.includes(raw as T) ? (raw as T) : refuse(field, `Expected one of ${values.join(', ')}`);
  };

  // O6.1 A period is from and to together (each a real date; O5.10 checks the pair), or neither.
  const from = given('from');
  const to = given('to');
  let period: InboxFilter['period'] = null;
  if (from !== null && to === null) refuse('to', 'A period needs to as well as from', true);
  else if (to !== null && from === null) refuse('from', 'A period needs from as well as to', true);
  else if (from !== null && to !== null) period = { from, to };

  // O6.2 Ids are whole numbers.
  const branchId = id('branchId');
  const surveyId = id('surveyId');
  const staffId = id('staffId');
  const indicatorId = id('indicatorId');

  // O6.3 A score band is of one indicator: decimals, min ≤ max; a bound without the indicator is refused.
  const bound = (field: 'scoreMin' | 'scoreMax') => {
    const raw = given(field);
    if (raw === null) return null;
    return SCORE.test(raw) ? Number(raw) : refuse(field, 'Expected a number (up to 2 decimals)');
  };
  const scoreMin = bound('scoreMin');
  const scoreMax = bound('scoreMax');
  let score: InboxFilter['score'] = null;
  if ((given('scoreMin') !== null || given('scoreMax') !== null) && given('indicatorId') === null)
    refuse('indicatorId', 'A score band needs the indicator it is of', true);
  else if (scoreMin !== null && scoreMax !== null && scoreMin > scoreMax)
    refuse('scoreMax', 'scoreMax is below scoreMin');
  else if (indicatorId !== null) score = { indicatorId, min: scoreMin, max: scoreMax };

  // O6.4 An NPS group is O5.1's; O6.5 a CSAT band is whole numbers 0–100, min ≤ max (one side: open).
  const nps = oneOf('nps', NPS_GROUPS);
  const csatBound = (field: 'csatMin' | 'csatMax') => {
    const raw = given(field);
    if (raw === null) return null;
    return WHOLE.test(raw) && Number(raw) <= 100
      ? Number(raw)
      : refuse(field, 'Expected a whole number 0–100');
  };
  const csatMin = csatBound('csatMin');
  const csatMax = csatBound('csatMax');
  let csat: InboxFilter['csat'] = null;
  if (csatMin !== null && csatMax !== null && csatMin > csatMax)
    refuse('csatMax', 'csatMax is below csatMin');
  else if (csatMin !== null || csatMax !== null) csat = { min: csatMin ?? 0, max: csatMax ?? 100 };

  // O6.6 complaint, comment and photo filter only on true.
  const complaint = flag('complaint');
  const comment = flag('comment');
  const photo = flag('photo');

  // O6.7 A dish is a menu ref; a language one of the four; a source web or app; a search 3–100 characters.
  let dish = given('dish');
  if (dish !== null && (dish.trim() === '' || CONTROL.test(dish)))
    dish = refuse('dish', 'Expected a menu ref without control characters');
  const language = oneOf('language', Language);
  const source = oneOf('source', RESPONSE_SOURCES);
  let q: string | null = null;
  const rawQ = given('q');
  if (rawQ !== null) {
    const text = rawQ.trim();
    const length = Array.from(text).length;
    if (CONTROL.test(text)) refuse('q', 'Control characters are not allowed');
    else if (length < INBOX_SEARCH_MIN || length > INBOX_SEARCH_MAX)
      refuse('q', `Expected ${INBOX_SEARCH_MIN}–${INBOX_SEARCH_MAX} characters`);
    else q = text.toLowerCase();
  }

  // O6.9 The cursor is one this call gave; the limit 1–100.
  const rawCursor = given('cursor');
  const cursor =
    rawCursor === null
      ? null
      : (decodeInboxCursor(rawCursor) ?? refuse('cursor', 'Expected the nextCursor of the page before'));
  const rawLimit = given('limit');
  let limit = INBOX_PAGE_DEFAULT;
  if (rawLimit !== null) {
    const value = /^\d{1,3}$/.test(rawLimit) ? Number(rawLimit) : 0;
    if (value >= 1 && value <= INBOX_PAGE_MAX) limit = value;
    else refuse('limit', `Expected a whole number 1–${INBOX_PAGE_MAX}`);
  }

  if (faults.length > 0) return { faults };
  return {
    filter: {
      period,
      branchId,
      surveyId,
      score,
      nps,
      csat,
      complaint,
      comment,
      photo,
      staffId,
      dish,
      language,
      source,
      q,
      cursor,
      limit,
    },
  };
}

/** O6.4 The NPS scores of a group, as a half-open band [min, below) over O5.1's groups. */
export function npsBand(group: NpsGroup): { min: number; below: number | null } {
  if (group === 'promoter') return { min: 9, below: null };
  if (group === 'passive') return { min: 7, below: 9 };
  return { min: 0, below: 7 };
}

/** The group of a stored NPS answer, or null when the guest gave none (O5.1). */
export const npsGroupOf = (score: number | null): NpsGroup | null =>
  score === null ? null : npsGroup(score);

/** A query's values as the console's address carries them: empty and absent values left out. */
export function inboxSearchParams(query: InboxQuery): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of Object.keys(inboxQuerySchema.shape) as (keyof InboxQuery)[]) {
    const value = query[key];
    if (value !== undefined && value !== '') params.set(key, value);
  }
  return params;
}

// Answers ----------------------------------------------------------------------------------------------

const named = z.object({ id: z.number().int(), name: z.string() });

/** One inbox row (O6.8). */
export const inboxItemSchema = z.object({
  id: z.number().int(),
  branch: named.nullable().describe('null: a survey answered without a branch'),
  survey: named,
  visitDatetime: z.string().describe('YYYY-MM-DD HH:MM:SS, the branch’s local time'),
  source: z.enum(RESPONSE_SOURCES),
  language: z.string().nullable().describe('The guest’s language; null before issue 29'),
  csat: z.number().nullable(),
  nps: z.number().nullable(),
  npsGroup: z.enum(NPS_GROUPS).nullable(),
  complaint: z.boolean(),
  hasComment: z.boolean(),
  hasPhoto: z.boolean(),
  staff: named.nullable(),
  dishes: z.number().int().describe('How many dishes the guest rated'),
  excerpt: z.string().nullable().describe(`What the guest wrote, at most ${INBOX_EXCERPT_MAX} characters`),
});
export type InboxItem = z.infer<typeof inboxItemSchema>;

export const inboxPageSchema = z.object({
  items: z.array(inboxItemSchema),
  nextCursor: z.string().nullable().describe('null: this is the last page'),
});
export type InboxPage = z.infer<typeof inboxPageSchema>;
