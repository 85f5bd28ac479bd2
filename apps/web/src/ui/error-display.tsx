import { useEffect } from 'react';
import { Button } from './button';
import { useErrorQueue } from './error-queue';
import './ui.css';

export interface ErrorDisplayProps {
  /** The dismiss button's text ("OK"). */
  dismissLabel: string;
  /** Heading of the trace note ("Error details"). */
  traceLabel: string;
}

/**
 * Shows the error at the head of the queue as an alert with a dismiss button; while others wait, a
 * timer set for `showNextAt` brings the next one in after the 200 ms pause.
 */
export function ErrorDisplay({ dismissLabel, traceLabel }: ErrorDisplayProps) {
  const { shown, showNextAt } = useErrorQueue((store) => store.state);
  const clear = useErrorQueue((store) => store.clear);
  const tick = useErrorQueue((store) => store.tick);

  useEffect(() => {
    if (showNextAt === null) return;
    const timer = setTimeout(tick, Math.max(0, showNextAt - Date.now()));
    return () => clearTimeout(timer);
  }, [showNextAt, tick]);

  if (shown === null) return null;
  return (
    <div className="error-banner" role="alert">
      <p className="error-banner__message">{shown.message}</p>
      {shown.trace && (
        <details className="error-banner__trace">
          <summary>{traceLabel}</summary>
          <code>{shown.trace}</code>
        </details>
      )}
      <Button variant="secondary" onClick={clear}>
        {dismissLabel}
      </Button>
    </div>
  );
}
