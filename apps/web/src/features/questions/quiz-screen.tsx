import { type Question, QuestionType } from '@venue-voice/domain';
import { type FormEvent, useEffect, useId, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/button';
import { canContinue } from './answers';
import { BotNotice } from './bot-notice';
import { FittedTitle } from './fitted-title';
import { IndicatorField } from './indicator-field';
import type { RunProgress } from './progress';
import { QuestionField } from './question-field';
import type { ScreenContent } from './screen-content';
import { ScreenTop } from './screen-top';
import { StaffQuestion } from './staff/staff-question';
import type { StaffMembers } from './staff/use-staff-members';
import type { RunAction, SurveyRun } from './survey-run';

export interface QuizScreenProps {
  run: SurveyRun;
  content: ScreenContent;
  /** The team of the guest's branch for the staff question (useStaffMembers). */
  staff: StaffMembers;
  dispatch(action: RunAction): void;
  /** Back to the previous screen; unset on the first. */
  onPrevious?: () => void;
  progress: RunProgress | null;
}

/**
 * One screen of the survey (G2 quiz screen): the section's title shrunk to fit, its subtitle, the
 * indicators and questions placed on it, then Next (disabled until the required answers are given)
 * and Skip where the section allows it; above the title, Previous and the progress. Every screen, the
 * first too, takes the focus to its title (read with the progress), so keyboard and screen-reader users
 * start at the top of what is new.
 */
export function QuizScreen({ run, content, staff, dispatch, onPrevious, progress }: QuizScreenProps) {
  const { t } = useTranslation('questions');
  const titleId = useId();
  const hintId = useId();
  const progressId = useId();
  const title = useRef<HTMLHeadingElement>(null);
  const survey = run.engine.survey;
  const section = survey.sections.find((candidate) => candidate.id === content.sectionId);
  const byId = useMemo(
    () => new Map<number, Question>(run.engine.questions.map((q) => [q.id, q])),
    [run.engine],
  );
  const ready = canContinue(content, run.draft, byId);
  // G2: a screen with dishes to rate ends with "Save and continue".
  const menuScreen = content.questionIds.some(
    (id) => byId.get(id)?.questionType === QuestionType.MENU_INSIGHT,
  );

  // Each screen is mounted anew (keyed by step): the focus starts on its title.
  useEffect(() => {
    title.current?.focus();
  }, []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (ready) dispatch({ type: 'next' });
  };

  return (
    <div className="step">
      <div className="step__card">
        <ScreenTop onPrevious={onPrevious} progress={progress} progressId={progressId} />
        <FittedTitle
          ref={title}
          id={titleId}
          describedBy={progress ? progressId : undefined}
          text={section?.title || section?.name || survey.name}
        />
        {section?.subtitle && <p className="quiz__subtitle">{section.subtitle}</p>}
        <form className="quiz__form" aria-labelledby={titleId} onSubmit={submit} noValidate>
          {content.indicators.map((indicator) => (
            <IndicatorField
              key={indicator.id}
              survey={survey}
              indicator={indicator}
              score={run.draft.scores[indicator.id]}
              onScore={(score) => dispatch({ type: 'score', indicatorId: indicator.id, score })}
            />
          ))}
          {content.questionIds.map((id) => {
            const question = byId.get(id);
            if (!question) return null;
            return (
              <QuestionField
                key={id}
                survey={survey}
                question={question}
                answer={run.draft.answers[id]}
                onAnswer={(answer) => dispatch({ type: 'answer', questionId: id, answer })}
              />
            );
          })}
          {content.staff && (
            <StaffQuestion
              survey={survey}
              members={staff.members}
              loading={staff.loading}
              answer={run.draft.staff}
              onAnswer={(answer) => dispatch({ type: 'staff', answer })}
            />
          )}
          {!ready && (
            <p id={hintId} className="quiz__hint">
              {t('requiredMissing')}
            </p>
          )}
          <div className="quiz__actions">
            {section?.allowSkip && (
              <Button variant="secondary" onClick={() => dispatch({ type: 'skip' })}>
                {t('skip')}
              </Button>
            )}
            <Button type="submit" disabled={!ready} aria-describedby={ready ? undefined : hintId}>
              {menuScreen ? t('menu.saveAndContinue') : t('next')}
            </Button>
          </div>
          <BotNotice />
        </form>
      </div>
    </div>
  );
}
