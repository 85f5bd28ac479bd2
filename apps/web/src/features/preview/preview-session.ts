import {
  Language,
  localDateTimeAt,
  PREVIEW_FROM_EDITOR,
  type PreviewWhich,
  type SurveyPreviewAnswer,
} from '@venue-voice/domain';
import { env } from '../../config/env';
import { emptySession, useGuestSession } from '../../shared/session/session-store';

/** What /preview?survey=&language=&which=&branch= asks for; null when the address names no survey. */
export interface PreviewRequest {
  surveyId: number;
  language: Language | null;
  which: PreviewWhich;
  branchId: number | null;
}

/** The domain's PREVIEW_WHICH, which lives beside its zod schema: this chunk carries no zod. */
const WHICH: readonly PreviewWhich[] = ['draft', 'published'];

const positive = (raw: string | null): number | null => {
  const value = Number(raw);
  return raw !== null && Number.isSafeInteger(value) && value > 0 ? value : null;
};

/** `/preview?which=editor` (decision 0259): the console's editor sends the preview; nothing is fetched. */
export const fromEditor = (search: URLSearchParams): boolean => search.get('which') === PREVIEW_FROM_EDITOR;
export const EDITOR_PREVIEW = `/preview?which=${PREVIEW_FROM_EDITOR}`;

export function previewRequest(search: URLSearchParams): PreviewRequest | null {
  const surveyId = positive(search.get('survey'));
  if (surveyId === null) return null;
  const language = search.get('language');
  const which = search.get('which');
  return {
    surveyId,
    language: (Language as readonly string[]).includes(language ?? '') ? (language as Language) : null,
    which: (WHICH as readonly string[]).includes(which ?? '') ? (which as PreviewWhich) : 'draft',
    branchId: positive(search.get('branch')),
  };
}

/**
 * The console's GET /surveys/{id}/preview-config. The session cookie's path is the console API's, so the
 * browser sends it with this request from /preview as it does from the console's own pages.
 */
export async function fetchPreview(
  request: PreviewRequest,
  fetchFn: typeof fetch = fetch,
): Promise<SurveyPreviewAnswer> {
  const query = new URLSearchParams({ which: request.which });
  if (request.language) query.set('language', request.language);
  if (request.branchId !== null) query.set('branchId', String(request.branchId));
  const answer = await fetchFn(
    `${env.apiBaseUrl}/api/v1/console/surveys/${request.surveyId}/preview-config?${query}`,
    { credentials: 'same-origin', headers: { accept: 'application/json' } },
  );
  if (!answer.ok) throw new Error(`preview-config answered ${answer.status}`);
  // Checked against the domain's schema by the server as it answered: no zod in this chunk.
  return ((await answer.json()) as { data: SurveyPreviewAnswer }).data;
}

const SESSION_KEY = 'venue-voice-guest-session';

/**
 * Starts the guest's visit as the check-in would leave it: the survey in progress, at the preview's
 * branch, visited now, with nothing else from any earlier visit. The session is dropped when the page
 * goes (reload, close): a reload of a later step then finds nothing to send, instead of a payload a real
 * guest page would submit.
 */
export function startPreviewVisit(answer: SurveyPreviewAnswer, now: Date): void {
  const survey = answer.config.surveys?.[0];
  if (!survey) throw new Error('The preview has no survey');
  const at = localDateTimeAt(now);
  useGuestSession.getState().reset({
    ...emptySession,
    slug: survey.slug,
    config: answer.config,
    // A survey served at no branch (or none the operator sees) still runs: the guard needs a branch.
    branchId: answer.branchId ?? 0,
    visitDateTime: at,
    guid: crypto.randomUUID(),
    startTime: at,
    surveyInProgress: survey.templateId,
  });
  if (!dropsOnLeave) {
    dropsOnLeave = true;
    addEventListener('pagehide', () => sessionStorage.removeItem(SESSION_KEY), { once: true });
  }
}

/** One listener for the page, however many previews the editor starts in it. */
let dropsOnLeave = false;
