import { RoutePath } from '../checkin/routes';

/** The screens after the questions (G2.40), in the order a guest meets them. */
export const AFTER_SURVEY_STEPS = [
  RoutePath.CHECKOUT,
  RoutePath.UPLOAD,
  RoutePath.RECOMMEND,
  RoutePath.SHARE,
  RoutePath.THANK_YOU,
] as const;
export type AfterSurveyStep = (typeof AFTER_SURVEY_STEPS)[number];

export interface AfterSurveyOptions {
  /** The recommend and share steps are offered (`isRecommendationPermitted` and the survey's switch). */
  recommend: boolean;
}

/**
 * G2.40: checkout (the submit, the voucher, data capture), photo upload, then recommend and share when
 * offered, then thank-you. Photos come before sharing because a guest who opens a review site may not
 * come back.
 */
export function afterSurveySteps(options: AfterSurveyOptions): AfterSurveyStep[] {
  return AFTER_SURVEY_STEPS.filter(
    (step) => options.recommend || (step !== RoutePath.RECOMMEND && step !== RoutePath.SHARE),
  );
}

/** G2.40: the step after `current`; thank-you is the last and stays. */
export function nextAfterSurvey(current: AfterSurveyStep, options: AfterSurveyOptions): AfterSurveyStep {
  const position = AFTER_SURVEY_STEPS.indexOf(current);
  return (
    afterSurveySteps(options).find((step) => AFTER_SURVEY_STEPS.indexOf(step) > position) ??
    RoutePath.THANK_YOU
  );
}

/** What the guest's session holds when a step after the questions is entered. */
export interface AfterSurveyState {
  /** The create payload the questions screen built (waiting for or already sent by checkout). */
  hasPayload: boolean;
  /** survey.submit answered the create (response id and secret held). */
  submitted: boolean;
  /** The tablet runs the app (app mode, device-mode.md): requests go through its offline queue (D4.36). */
  appMode: boolean;
  /** App mode: the create is saved in the tablet's queue and the server has not answered it yet. */
  savedOnDevice: boolean;
}

/**
 * G2.43: on a tablet, a response saved in its queue counts as submitted: its supplement, photo and
 * photo delete queue behind the create (D4.38, D4.43) and the queue sends them with the id and secret
 * the create's answer brings. The web has no queue, so a stale flag there counts for nothing.
 */
export const countsAsSubmitted = (state: AfterSurveyState): boolean =>
  state.submitted || (state.appMode && state.savedOnDevice);

/**
 * G2.41, G2.42, G2.43: where an entered step really goes. Nothing finished and nothing sent → the venue entry
 * (`'entry'`); a step that needs the response's id and secret before the submit answered → /checkout,
 * which sends it; a step the survey does not offer → the next one that it does.
 */
export function afterSurveyEntry(
  step: AfterSurveyStep,
  state: AfterSurveyState,
  options: AfterSurveyOptions,
): AfterSurveyStep | 'entry' {
  const submitted = countsAsSubmitted(state);
  if (!submitted && !state.hasPayload) return 'entry';
  if (!submitted) return RoutePath.CHECKOUT;
  if (afterSurveySteps(options).includes(step)) return step;
  return nextAfterSurvey(step, options);
}
