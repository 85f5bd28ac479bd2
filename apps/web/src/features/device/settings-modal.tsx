import {
  APP_VERSION,
  canOpenSettings,
  pickSurvey,
  RegistrationMode,
  type RegistrationValues,
  RoutePath,
  settingsButtons,
  switchUser,
} from '@venue-voice/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { signedInMember, useDevice } from '../../platform/device-session';
import { runMode, useAppUpdate } from '../../platform/pwa';
import { typedPinOf } from '../../platform/typed-pin';
import { Button } from '../../ui/button';
import { Modal } from '../../ui/modal';
import { WaitModal } from '../../ui/wait-modal';
import { retryAttention, useQueueStatus } from '../device-queue';
import { menuDownloadWaitText, runMenuDownload } from '../device-sync';
import { IdleSetting, StaffPinModal, ThanksSetting } from '../kiosk';
import { AttentionModal, groupAttention } from './attention-list';
import { changeSettingsPasscode, deregisterDevice } from './device-actions';
import { deviceFailureText } from './device-errors';
import { MessageModal } from './message-modal';
import { RegisterForm } from './register-form';
import { type FlowEnd, runDownload, runUpload } from './settings-actions';
import { SettingsGroup } from './settings-group';
import { StatusModal } from './status-modal';
import { DefaultConfirmation, SurveyChooser } from './survey-chooser';
import { useTimeText } from './time-text';

type Dialog =
  | null
  | { kind: 'wait'; label: string }
  | (FlowEnd & { kind: 'message' })
  | { kind: 'chooseDefault' }
  | { kind: 'confirmDefault' }
  | { kind: 'passcode' }
  | { kind: 'confirmReset' }
  | { kind: 'status' }
  | { kind: 'attention' }
  | { kind: 'managerSignIn' };

/**
 * The full-screen settings modal (D2): the device's id, times and version, and the buttons the domain's
 * `settingsButtons` shows. Each flow's wait, message and chooser modals open inside it.
 */
export function SettingsModal({
  open,
  onClose,
  onReset,
}: {
  open: boolean;
  onClose(): void;
  onReset(): void;
}) {
  const { t } = useTranslation('device');
  const navigate = useNavigate();
  const timeText = useTimeText();
  const device = useDevice((store) => store.state);
  const change = useDevice((store) => store.change);
  const queue = useQueueStatus();
  const update = useAppUpdate();
  const [dialog, setDialog] = useState<Dialog>(null);
  // Manage team acts as the signed-in member (D6): without a manager signed in, one signs in first, here,
  // whether or not the branch uses staff PIN codes (decision 0180).
  const member = signedInMember(device);
  // The manage calls send the PIN the manager typed (decision 0197): one signed in before a reload signs
  // in again.
  const manager = member !== null && canOpenSettings(member) && typedPinOf(member.id) !== null;
  const manageTeam = () =>
    manager ? void navigate(RoutePath.MANAGE_TEAM) : setDialog({ kind: 'managerSignIn' });
  const surveys = device.config?.surveys ?? [];
  const buttons = settingsButtons({
    online: device.hasConnectivity,
    storedCount: queue.stored ?? 0,
    surveyCount: surveys.length,
    updateReady: update.ready,
    loggedInMember: device.loggedInMember,
  });

  const attention = groupAttention(queue.attention);
  const run = async (label: string, flow: () => Promise<FlowEnd>) => {
    setDialog({ kind: 'wait', label });
    setDialog(await flow());
  };
  // Try again: the response goes back in the queue, then the settings' own upload sends it (D4.33).
  const retry = (response: string) =>
    void run(t('wait.upload'), async () => {
      await retryAttention(response);
      return runUpload(t);
    });
  const closeMessage = () => {
    if (dialog?.kind !== 'message') return setDialog(null);
    if (dialog.after === 'register') return onReset();
    setDialog(dialog.after === 'chooseDefault' ? { kind: 'chooseDefault' } : null);
  };
  const savePasscode = async (values: RegistrationValues) => {
    setDialog({ kind: 'wait', label: t('wait.update') });
    try {
      await changeSettingsPasscode(values);
      setDialog({ kind: 'message', title: t('passcode.doneTitle'), text: t('passcode.done') });
    } catch (error) {
      setDialog({ kind: 'message', title: t('passcode.failed'), text: deviceFailureText(error, t) });
    }
  };
  const reset = async () => {
    setDialog({ kind: 'wait', label: t('wait.reset') });
    const { ok } = await deregisterDevice();
    setDialog({
      kind: 'message',
      title: ok ? t('reset.doneTitle') : t('reset.errorTitle'),
      text: ok ? t('reset.done') : t('errors.resetFailed'),
      after: 'register',
    });
  };

  return (
    <Modal
      open={open}
      fullScreen
      className="settings__modal"
      title={t('settings.title')}
      closeLabel={t('common.close')}
      onRequestClose={onClose}
    >
      <div className="settings">
        <SettingsGroup title={t('settings.groups.tablet')}>
          <dl className="device__facts">
            <dt>{t('settings.deviceId')}</dt>
            <dd>{device.deviceId}</dd>
            <dt>{t('settings.lastSynchronised')}</dt>
            <dd>{timeText(device.lastSynchronised)}</dd>
            <dt>{t('settings.lastUploaded')}</dt>
            <dd>{timeText(device.lastUpdated === null ? null : device.lastUpdated * 1000)}</dd>
            <dt>{t('settings.runMode')}</dt>
            <dd>{t(`status.mode.${runMode().mode}`)}</dd>
            <dt>{t('settings.version')}</dt>
            <dd>
              <Button
                variant="quiet"
                onClick={() => setDialog({ kind: 'status' })}
                aria-label={t('settings.versionButton', { version: APP_VERSION })}
              >
                {APP_VERSION}
              </Button>
            </dd>
          </dl>
        </SettingsGroup>
        <SettingsGroup title={t('settings.groups.data')}>
          <div className="settings__buttons">
            <Button onClick={() => void run(t('wait.download'), () => runDownload(t))}>
              {t('settings.download')}
            </Button>
            <Button onClick={() => void run(menuDownloadWaitText(), runMenuDownload)}>
              {t('device-sync:menuDownload.button')}
            </Button>
            {buttons.upload.visible && (
              <Button
                disabled={!buttons.upload.enabled}
                onClick={() => void run(t('wait.upload'), () => runUpload(t))}
              >
                {t('settings.upload', { count: buttons.upload.count })}
              </Button>
            )}
            {attention.length > 0 && (
              <Button variant="secondary" onClick={() => setDialog({ kind: 'attention' })}>
                {t('attention.open', { count: attention.length })}
              </Button>
            )}
            {buttons.chooseDefault.visible && (
              <Button variant="secondary" onClick={() => setDialog({ kind: 'chooseDefault' })}>
                {t('settings.chooseDefault')}
              </Button>
            )}
          </div>
        </SettingsGroup>
        <SettingsGroup title={t('settings.groups.guests')}>
          <IdleSetting />
          <ThanksSetting />
        </SettingsGroup>
        <SettingsGroup title={t('settings.groups.staff')}>
          <div className="settings__buttons">
            <Button variant="secondary" onClick={() => setDialog({ kind: 'passcode' })}>
              {t('settings.changePasscode')}
            </Button>
            {buttons.manageTeam.visible && (
              <Button variant="secondary" onClick={manageTeam}>
                {t('team:open')}
              </Button>
            )}
            {buttons.updateApp.visible && (
              <Button variant="secondary" disabled={!update.canApply} onClick={update.apply}>
                {t('settings.updateApp')}
              </Button>
            )}
            {buttons.switchUser.visible && (
              <Button variant="secondary" onClick={() => change(switchUser)}>
                {t('settings.switchUser')}
              </Button>
            )}
          </div>
        </SettingsGroup>
        <SettingsGroup title={t('settings.groups.reset')}>
          <div className="settings__buttons">
            <Button className="button--danger" onClick={() => setDialog({ kind: 'confirmReset' })}>
              {t('settings.reset')}
            </Button>
          </div>
        </SettingsGroup>
      </div>
      <WaitModal open={dialog?.kind === 'wait'} label={dialog?.kind === 'wait' ? dialog.label : ''} />
      <MessageModal
        open={dialog?.kind === 'message'}
        title={dialog?.kind === 'message' ? dialog.title : ''}
        text={dialog?.kind === 'message' ? dialog.text : ''}
        onClose={closeMessage}
      />
      <SurveyChooser
        open={dialog?.kind === 'chooseDefault'}
        mode="default"
        surveys={surveys}
        logoUrl={surveys[0]?.branding?.logoImage ?? null}
        onPick={(id) => {
          change((state) => pickSurvey(state, 'default', id));
          setDialog({ kind: 'confirmDefault' });
        }}
        onClose={() => setDialog(null)}
      />
      <DefaultConfirmation
        open={dialog?.kind === 'confirmDefault'}
        surveys={surveys}
        defaultTemplate={device.defaultTemplate}
        onOk={() => setDialog(null)}
        onChooseAgain={() => setDialog({ kind: 'chooseDefault' })}
      />
      <Modal
        open={dialog?.kind === 'passcode'}
        title={t('passcode.title')}
        closeLabel={t('common.close')}
        onRequestClose={() => setDialog(null)}
      >
        <RegisterForm
          mode={RegistrationMode.UPDATE}
          unsupported={false}
          onSubmit={(values) => void savePasscode(values)}
        />
      </Modal>
      <Modal
        open={dialog?.kind === 'confirmReset'}
        title={t('reset.confirmTitle')}
        closeLabel={t('common.close')}
        onRequestClose={() => setDialog(null)}
        footer={
          <>
            <Button variant="secondary" onClick={() => setDialog(null)}>
              {t('common.cancel')}
            </Button>
            <Button className="button--danger" onClick={() => void reset()}>
              {t('settings.reset')}
            </Button>
          </>
        }
      >
        <p>{t('reset.confirm')}</p>
      </Modal>
      <StatusModal open={dialog?.kind === 'status'} onClose={() => setDialog(null)} />
      <StaffPinModal
        open={dialog?.kind === 'managerSignIn'}
        managerOnly
        onClose={() => setDialog(null)}
        onSignedIn={() => {
          setDialog(null);
          void navigate(RoutePath.MANAGE_TEAM);
        }}
      />
      <AttentionModal
        open={dialog?.kind === 'attention' && attention.length > 0}
        groups={attention}
        onRetry={retry}
        onClose={() => setDialog(null)}
      />
    </Modal>
  );
}
