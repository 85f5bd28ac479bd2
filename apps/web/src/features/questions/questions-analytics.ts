import { type AnalyticsEvent, analyticsEvent } from '../../platform/analytics';
import { currentContent, type RunAction, type SurveyRun } from './survey-run';

/** The section id the demographic fields' screen reports (it is no section of the survey's own). */
export const DEMOGRAPHICS_SECTION = 'demographics';

/** The section on screen: the engine's current section, the demographics screen, or null when done. */
export function runSection(run: SurveyRun): string | null {
  if (run.phase === 'demographics') return DEMOGRAPHICS_SECTION;
  return currentContent(run)?.sectionId ?? null;
}

/** G7: the event a guest's action records — Next records a screen's answers, Skip skips it. */
export function actionEvent(action: RunAction): AnalyticsEvent | null {
  if (action.type === 'next' || action.type === 'finishDemographics') return 'update-answers';
  if (action.type === 'skip' || action.type === 'skipDemographics') return 'skip-section';
  return null;
}

/**
 * Records a questions event for the screen the run is on. Only ids go out (survey, section, step):
 * never an answer, whose text could name or describe the guest.
 */
export function questionsEvent(event: AnalyticsEvent, run: SurveyRun): void {
  analyticsEvent(event, {
    template_id: run.engine.survey.templateId,
    section_id: runSection(run) ?? '',
    step: run.step,
  });
}

/** Records the event of an action (if any) for the screen it is taken on, before the run moves on. */
export function trackAction(run: SurveyRun, action: RunAction): void {
  const event = actionEvent(action);
  if (event) questionsEvent(event, run);
}
