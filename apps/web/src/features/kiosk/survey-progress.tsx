import { type ElementType, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useGuestSession } from '../../shared/session/session-store';
import { runProgress } from '../questions';

export interface SurveyProgressProps {
  /** The element it renders as: a `dd` in the status panel's list, a `p` elsewhere. */
  as?: ElementType;
  /** Nothing at all while no survey runs (the staff sign-in), rather than "No survey in progress". */
  quietWhenIdle?: boolean;
}

/**
 * D2.13: whether a survey runs, and how many of its questions are answered, as a count and a bar. In the
 * status panel on /staff, and in the staff sign-in a member opens over a guest's screen: every way back
 * to /staff ends the guest's visit (D4.61), so that sign-in is where staff meet a survey in progress
 * (issue 26 item 18).
 */
export function SurveyProgress({ as: Tag = 'dd', quietWhenIdle = false }: SurveyProgressProps) {
  const { t } = useTranslation('device');
  const id = useId();
  const running = useGuestSession((session) => session.surveyInProgress !== null);
  const run = useGuestSession((session) => session.surveyRun);
  const progress = running ? runProgress(run) : null;
  if (!running) return quietWhenIdle ? null : <Tag>{t('status.notRunning')}</Tag>;
  if (!progress) return <Tag>{t('status.running')}</Tag>;
  return (
    <Tag className="device__progress">
      <span id={`${id}-progress`}>
        {t('status.answered', { answered: progress.answered, total: progress.total })}
      </span>
      {/* No questions yet: an empty bar (D2.13), never one past full. */}
      <progress
        aria-labelledby={`${id}-progress`}
        max={Math.max(progress.total, 1)}
        value={Math.min(progress.answered, progress.total)}
      />
    </Tag>
  );
}
