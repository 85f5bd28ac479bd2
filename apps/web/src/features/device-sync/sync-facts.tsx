import { useTranslation } from 'react-i18next';
import { useDevice } from '../../platform/device-session';
import { useTimeText } from '../device';

/**
 * The status panel's sync lines (D2 "App status panel", D4 "Polling"): when the next poll is planned and
 * the menu's last download with its update state. Rows of the panel's own list.
 */
export function SyncFacts() {
  const { t } = useTranslation(['device-sync', 'device']);
  const timeText = useTimeText();
  const nextSync = useDevice((store) => store.state.nextSync);
  const menuUpdated = useDevice((store) => store.state.menuItemsLastUpdated);
  const menuState = useDevice((store) => store.state.updateState.menu);
  return (
    <>
      <dt>{t('status.nextSync')}</dt>
      <dd>{nextSync === null ? t('status.notPlanned') : timeText(nextSync)}</dd>
      <dt>{t('status.menu')}</dt>
      <dd>{`${timeText(menuUpdated)} (${t(`device:status.state.${menuState}`)})`}</dd>
    </>
  );
}
