import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/button';
import type { RunProgress } from './progress';

export interface ScreenTopProps {
  /** Set when there is a screen to go back to. */
  onPrevious?: () => void;
  progress: RunProgress | null;
  /** Id of the progress text, which the screen's title names as its description. */
  progressId: string;
}

/**
 * Above a survey screen's title (issue 26 item 9): Previous, back to the screen before with its
 * answers, and how far the guest is ("Step 3 of 7" and a bar). Previous comes before the title in the
 * page, so the focus, which a new screen puts on its title, goes on to the questions, not back.
 */
export function ScreenTop({ onPrevious, progress, progressId }: ScreenTopProps) {
  const { t } = useTranslation('questions');
  const text = progress ? t('progress.step', { current: progress.current, total: progress.total }) : '';
  return (
    <div className="quiz__top">
      {onPrevious && (
        <Button variant="quiet" className="quiz__previous" onClick={onPrevious}>
          {t('previous')}
        </Button>
      )}
      {progress && (
        <div className="quiz__progress">
          <p id={progressId} className="quiz__progress-text">
            {text}
          </p>
          <div
            className="quiz__progress-bar"
            role="progressbar"
            aria-label={t('progress.label')}
            aria-valuemin={1}
            aria-valuemax={progress.total}
            aria-valuenow={progress.current}
            aria-valuetext={text}
          >
            <span style={{ width: `${(100 * progress.current) / progress.total}%` }} />
          </div>
        </div>
      )}
    </div>
  );
}
