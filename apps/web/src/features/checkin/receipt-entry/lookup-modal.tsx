import * as Dialog from '@radix-ui/react-dialog';
import { useTranslation } from 'react-i18next';

/**
 * G2: the loading modal with its special message while transaction data downloads. It cannot be
 * dismissed (the lookup is already on its way) and closes itself when the answer arrives.
 */
export function LookupModal({ open }: { open: boolean }) {
  const { t } = useTranslation('checkin');
  const keepOpen = (event: Event) => event.preventDefault();
  return (
    <Dialog.Root open={open}>
      <Dialog.Portal>
        <Dialog.Overlay className="ck-modal-overlay" />
        <Dialog.Content
          className="ck-modal ck-modal--loading"
          aria-busy="true"
          onEscapeKeyDown={keepOpen}
          onPointerDownOutside={keepOpen}
          onInteractOutside={keepOpen}
        >
          <span className="loading-status__spinner" aria-hidden="true" />
          <Dialog.Title className="ck-modal__title">{t('lookup.loadingTitle')}</Dialog.Title>
          <Dialog.Description>{t('lookup.loadingMessage')}</Dialog.Description>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
