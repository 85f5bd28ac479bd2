import { APP_VERSION, responsesIcon, responsesUpdateState, type UpdateState } from '@venue-voice/domain';
import { useTranslation } from 'react-i18next';
import { useDevice } from '../../platform/device-session';
import { useQueueStatus } from '../device-queue';
import { SyncFacts } from '../device-sync';
import { SurveyProgress } from '../kiosk';
import { groupAttention } from './attention-list';
import { useTimeText } from './time-text';

const ICONS = { done: '✓', inProgress: '↻', pending: '•' } as const;

/** The online/offline banner (D4.20: connectivity follows the browser's events). */
export function ConnectivityBanner() {
  const { t } = useTranslation('device');
  const online = useDevice((store) => store.state.hasConnectivity);
  return (
    <p className={online ? 'device__banner' : 'device__banner device__banner--offline'} role="status">
      {online ? t('connectivity.online') : t('connectivity.offline')}
    </p>
  );
}

/**
 * The staff home's badge (D2 "a badge with the count of completed surveys waiting", D2.20): every survey
 * not on the server yet, those needing attention included. Nothing when none waits.
 */
export function WaitingBadge() {
  const { t } = useTranslation('device');
  const queue = useQueueStatus();
  const waiting = queue.waiting ?? queue.stored ?? 0;
  if (waiting === 0) return null;
  return <p className="device__badge">{t('staff.waiting', { count: waiting })}</p>;
}

/**
 * D2 "App status panel": version, config and surveys with their update states, stored responses and
 * those needing attention (D2.20), survey progress.
 */
export function AppStatusPanel() {
  const { t } = useTranslation('device');
  const timeText = useTimeText();
  const device = useDevice((store) => store.state);
  const queue = useQueueStatus();
  const stateText = (state: UpdateState) => t(`status.state.${state}`);
  const responsesState = responsesUpdateState({ uploading: queue.sending, storedCount: queue.stored });
  const icon = responsesIcon(responsesState);
  // One row per survey, as the settings' list shows them: a refused survey must not vanish from the count.
  const attention = groupAttention(queue.attention).length;
  const updated = timeText(device.lastSynchronised);
  return (
    <section className="device__panel" aria-labelledby="device-status-title">
      <h2 id="device-status-title">{t('status.panelTitle')}</h2>
      <dl className="device__facts">
        <dt>{t('settings.version')}</dt>
        <dd>{APP_VERSION}</dd>
        <dt>{t('status.config')}</dt>
        <dd>{`${updated} (${stateText(device.updateState.config)})`}</dd>
        <dt>{t('status.surveys')}</dt>
        <dd>{`${device.config?.surveys?.length ?? 0} (${stateText(device.updateState.surveys)})`}</dd>
        <SyncFacts />
        <dt>{t('status.responses')}</dt>
        <dd>
          {icon && (
            <span className="device__icon" aria-hidden="true">
              {ICONS[icon]}
            </span>
          )}
          {`${queue.stored ?? 0} (${stateText(responsesState)})`}
        </dd>
        {attention > 0 && (
          <>
            <dt>{t('status.attention')}</dt>
            <dd>
              <span className="device__icon" aria-hidden="true">
                !
              </span>
              {t('status.attentionCount', { count: attention })}
            </dd>
          </>
        )}
        <dt>{t('status.progress')}</dt>
        <SurveyProgress />
      </dl>
    </section>
  );
}
