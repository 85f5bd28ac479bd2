import { scoreOf } from '@venue-voice/domain';
import { isEmptyScreen, screenContent, staffSection } from './screen-content';
import { currentContent, type SurveyRun } from './survey-run';

/** How far the guest is: the screen on show (from 1) and the screens expected in all. */
export interface RunProgress {
  current: number;
  total: number;
}

/**
 * Whether a section after the screen on show is expected to ask something. A section not built yet
 * (it waits for others, G4.4) and a staff question whose gate waits for a score not given yet are
 * counted: nothing says yet that they will be empty.
 */
function expected(run: SurveyRun, sectionId: string): boolean {
  const { engine, scores } = run;
  const built = engine.built.find((section) => section.sectionId === sectionId);
  if (built === undefined) return true;
  const visible = new Set(engine.visible);
  const done = new Set(engine.completedQuestions);
  const questionIds = built.entries
    .map((entry) => entry.questionId)
    .filter((id) => visible.has(id) && !done.has(id));
  const content = screenContent(engine.survey, { sectionId, questionIds, followUp: false }, scores);
  if (!isEmptyScreen(content)) return true;
  const { staffSelector } = engine.survey;
  const gate = staffSelector.indicatorRule;
  return (
    staffSelector.enabled &&
    staffSection(engine.survey) === sectionId &&
    gate.indicatorId !== null &&
    gate.scoreRequired !== null &&
    scoreOf(scores, gate.indicatorId) === null
  );
}

/**
 * The progress indicator's figures (issue 26 item 9): screens confirmed so far plus the one on show,
 * out of those plus the sections still expected and the demographic fields. An estimate: answers may
 * still bring follow-up screens or leave a section with nothing to ask, so the total can move.
 */
export function runProgress(run: SurveyRun): RunProgress | null {
  const current = run.history.length + 1;
  if (run.phase === 'demographics') return { current, total: current };
  const content = currentContent(run);
  if (content === null) return null;
  const { sectionOrder, completedSections } = run.engine;
  const later = sectionOrder
    .slice(sectionOrder.indexOf(content.sectionId) + 1)
    .filter((id) => !completedSections.includes(id) && expected(run, id)).length;
  return { current, total: current + later + (run.hasDemographics ? 1 : 0) };
}
