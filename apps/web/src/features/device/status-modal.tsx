import { useTranslation } from 'react-i18next';
import { runMode } from '../../platform/pwa';
import { MessageModal } from './message-modal';

/** Tapping the version (D2): standalone yes/no, Android package yes/no, run mode (apk, pwa or web). */
export function StatusModal({ open, onClose }: { open: boolean; onClose(): void }) {
  const { t } = useTranslation('device');
  const info = runMode();
  const yesNo = (value: boolean) => (value ? t('common.yes') : t('common.no'));
  const text = [
    `${t('status.standalone')}: ${yesNo(info.standalone)}`,
    `${t('status.apk')}: ${yesNo(info.apk)}`,
    `${t('status.runMode')}: ${t(`status.mode.${info.mode}`)}`,
  ].join(' · ');
  return <MessageModal open={open} title={t('status.title')} text={text} onClose={onClose} />;
}
