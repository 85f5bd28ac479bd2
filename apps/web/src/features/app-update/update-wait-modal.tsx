import { useTranslation } from 'react-i18next';
import { useAppUpdate } from '../../platform/pwa';
import { WaitModal } from '../../ui/wait-modal';

/** The wait modal while an update is applied (D4.51): it cannot be closed, the reload ends it. */
export function UpdateWaitModal() {
  const { t } = useTranslation('app-update');
  const { applying } = useAppUpdate();
  return <WaitModal open={applying} label={t('applying')} />;
}
