import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppUpdate } from '../../platform/pwa';
import { showToast } from '../../ui/toasts';

/**
 * Tells staff once that the update they asked for waits for the survey in progress (D4.51), so a
 * tap that seems to do nothing is explained; a toast, gone before the guest's next answer.
 */
export function useDeferredUpdateToast(): void {
  const { t } = useTranslation('app-update');
  const { deferred } = useAppUpdate();
  const told = useRef(false);
  useEffect(() => {
    if (deferred && !told.current) showToast({ text: t('deferred'), tone: 'info' });
    told.current = deferred;
  }, [deferred, t]);
}
