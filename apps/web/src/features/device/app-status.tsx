import { APP_VERSION, responsesIcon, responsesUpdateState, type UpdateState } from '@venue-voice/domain';
import { useTranslation } from 'react-i18next';
import { useDevice } from '../../platform/device-session';
import { useGuestSession } from '../../shared/session/session-store';
import { useQueueStatus } from '../device-queue';
import { SyncFacts } from '../device-sync';
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

/** D2 "App status panel": version, config and surveys with their update states, stored responses, survey progress. */
export function AppStatusPanel() {
  const { t } = useTranslation('device');
  const timeText = useTimeText();
  const device = useDevice((store) => store.state);
  const queue = useQueueStatus();
  const running = useGuestSession((session) => session.surveyInProgress !== null);
  const stateText = (state: UpdateState) => t(`status.state.${state}`);
  const responsesState = responsesUpdateState({ uploading: queue.sending, storedCount: queue.stored });
  const icon = responsesIcon(responsesState);
  // The answered count lives in the questions feature's opaque run; until it shares it (surveyProgress,
  // D2.13) the panel says only whether a survey runs, rather than show a made-up count.
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
        <dt>{t('status.progress')}</dt>
        <dd>{running ? t('status.running') : t('status.notRunning')}</dd>
      </dl>
    </section>
  );
}
