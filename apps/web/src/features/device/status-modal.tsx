import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { runMode } from '../../platform/pwa';
import { Button } from '../../ui/button';
import { Modal } from '../../ui/modal';

/**
 * Tapping the version (D2): standalone yes/no, Android package yes/no, run mode (apk, pwa or web), as
 * the settings show their facts (a two-column list, the term muted). Each term ends in a hidden ': ', so
 * a fact reads as one phrase ("Run mode: web browser").
 */
export function StatusModal({ open, onClose }: { open: boolean; onClose(): void }) {
  const { t } = useTranslation('device');
  const info = runMode();
  const yesNo = (value: boolean) => (value ? t('common.yes') : t('common.no'));
  const facts = [
    [t('status.standalone'), yesNo(info.standalone)],
    [t('status.apk'), yesNo(info.apk)],
    [t('status.runMode'), t(`status.mode.${info.mode}`)],
  ] as const;
  return (
    <Modal
      open={open}
      title={t('status.title')}
      closeLabel={t('common.close')}
      onRequestClose={onClose}
      footer={<Button onClick={onClose}>{t('common.ok')}</Button>}
    >
      <dl className="device__facts device__facts--card">
        {facts.map(([term, value]) => (
          <Fragment key={term}>
            <dt>
              {term}
              <span className="visually-hidden">: </span>
            </dt>
            <dd>{value}</dd>
          </Fragment>
        ))}
      </dl>
    </Modal>
  );
}
