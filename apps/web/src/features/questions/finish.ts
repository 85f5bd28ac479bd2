import {
  buildAnswers,
  buildCreatePayload,
  type CreatePayload,
  feedbackAlertOf,
  isFlagOn,
  isRecommendationPermitted,
  managerFeedbackPassed,
  shownQuestions,
  type UrlParams,
} from '@venue-voice/domain';
import type { SurveyRun } from './survey-run';

/** What the check-in contributes to the payload (shared/session's fields). */
export interface FinishSession {
  guid: string;
  startTime: string | null;
  visitDateTime: string | null;
  transactionRef: string | null;
  /** A receipt PIN typed on an offline tablet (D3.11). */
  receiptPin: string | null;
  tableNumber: string | null;
  urlParams: UrlParams;
}

/** The demographic answers the guest gave, as the payload carries them (blank fields left out). */
export const demographicAnswers = (run: SurveyRun) =>
  Object.entries(run.demographics)
    .filter(([, value]) => value.trim() !== '')
    .map(([id, value]) => ({ id: Number(id), value }));

/**
 * D3.1–D3.10, G4.38: the create payload of a finished run, built and checked by the domain. The web
 * is never app mode, so recommending is permitted unless the guest is in the branch (G4.66). It names
 * the survey version the run was started on (surveyVersion, decision 0256).
 */
export function finishPayload(
  run: SurveyRun,
  session: FinishSession,
  now: Date,
  userAgent: string,
): CreatePayload {
  const { survey, questions, answers } = run.engine;
  const questionMap = shownQuestions(run.engine);
  const demographics = demographicAnswers(run);
  const urlParams = Object.fromEntries(
    Object.entries(session.urlParams).filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string',
    ),
  );
  const payload = buildCreatePayload({
    guid: session.guid,
    visitDateTime: session.visitDateTime ?? run.visit.visitDateTime,
    surveyStart: session.startTime ?? run.startedAt,
    surveyCompleted: now,
    transactionRef: session.transactionRef,
    receiptPin: session.receiptPin,
    transaction: run.visit.transaction,
    tableNumber: session.tableNumber,
    feedbackAlert: feedbackAlertOf(questions, questionMap, answers),
    managerFeedbackIndicatorRulePassed: managerFeedbackPassed(survey, run.scores),
    recommendationPermitted: isRecommendationPermitted({
      appMode: false,
      inBranch: isFlagOn(session.urlParams.inBranch),
    }),
    userAgent: userAgent.slice(0, 512),
    staffId: run.staff?.renderType === 1 ? run.staff.staffId : null,
    urlParams,
    questionMap,
    answers: buildAnswers({ survey, questionMap, answers, indicatorScores: run.scores }),
    ...(run.staff ? { staff: run.staff } : {}),
    ...(demographics.length > 0 ? { demographics } : {}),
  });
  // Issue 31 (decision 0256): the version this run started on, kept with the run's survey in the
  // session whatever was published since; the server checks the answers against it and stores it.
  return survey.version === undefined ? payload : { ...payload, surveyVersion: survey.version };
}
