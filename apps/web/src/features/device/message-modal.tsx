import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/button';
import { Modal } from '../../ui/modal';

/** A closing message of a device flow: the error, congratulations or success modal of D2. */
export function MessageModal(props: { open: boolean; title: string; text: string; onClose(): void }) {
  const { t } = useTranslation('device');
  return (
    <Modal
      open={props.open}
      title={props.title}
      closeLabel={t('common.close')}
      onRequestClose={props.onClose}
      footer={<Button onClick={props.onClose}>{t('common.ok')}</Button>}
    >
      <p>{props.text}</p>
    </Modal>
  );
}
