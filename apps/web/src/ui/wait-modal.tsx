import * as Dialog from '@radix-ui/react-dialog';
import { LoadingStatus } from './loading-status';
import './ui.css';

/**
 * A wait modal (device D2: register, download, upload, reset; app update D4.51). It cannot be closed:
 * the call it waits for ends it. Its title is the status text, so it is named and announced.
 */
export function WaitModal({ open, label }: { open: boolean; label: string }) {
  return (
    <Dialog.Root open={open}>
      <Dialog.Portal>
        <Dialog.Overlay className="modal__overlay" />
        <Dialog.Content
          className="modal modal--confirm"
          aria-describedby={undefined}
          onEscapeKeyDown={(event) => event.preventDefault()}
          onPointerDownOutside={(event) => event.preventDefault()}
        >
          <Dialog.Title className="visually-hidden">{label}</Dialog.Title>
          <LoadingStatus label={label} />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
