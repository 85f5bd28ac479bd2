import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadingStatus } from '../ui/loading-status';
import { logError } from './log';
import { hardRedirect } from './navigation';

interface HardRedirectProps {
  to: string;
  /** Logged before leaving, e.g. G8's 'No survey tag passed'. */
  reason?: string;
  context?: Record<string, unknown>;
}

/** Leaves the app with a full page load (G2: no slug or a bad slug goes to /error-404 this way). */
export function HardRedirect({ to, reason, context }: HardRedirectProps) {
  const { t } = useTranslation();
  // Logged once per target: the context object is new on every render and must not re-trigger it.
  const contextJson = JSON.stringify(context ?? {});
  useEffect(() => {
    if (reason) logError(reason, JSON.parse(contextJson) as Record<string, unknown>);
    hardRedirect(to);
  }, [to, reason, contextJson]);
  return (
    <main className="page page--centred">
      <LoadingStatus label={t('app.redirecting')} />
    </main>
  );
}
