import * as Dialog from '@radix-ui/react-dialog';
import { type ReactNode, useRef } from 'react';
import { Button } from './button';
import './ui.css';

/**
 * The question asked when a modal with unsaved answers is closed (G2: "closing with answers asks
 * Close or Cancel"). The owner's reducer decides when to ask (services, dish and staff reducers of
 * the domain all hold a `confirmingClose` flag); the modal only shows it.
 */
export interface CloseConfirmation {
  message: string;
  confirmLabel: string;
  cancelLabel: string;
  onConfirm(): void;
  onCancel(): void;
}

export interface ModalProps {
  open: boolean;
  title: string;
  description?: string;
  /** Escape, the close button or a click outside: the owner closes at once or asks first. */
  onRequestClose(): void;
  /** Accessible name of the × button. */
  closeLabel: string;
  /** Set while the owner asks whether to discard unsaved answers. */
  confirmation?: CloseConfirmation | null;
  /** Buttons at the bottom (Save, Done, Clear…). */
  footer?: ReactNode;
  /** Fills the screen (category lists, the tablet's settings); a centred card otherwise. */
  fullScreen?: boolean;
  /** A class of the owner's for its own layout of the dialog (e.g. a list that fills it). */
  className?: string;
  children: ReactNode;
}

/**
 * A modal dialog on Radix (focus trap, Escape, aria-modal, focus returned to the opener). Closing is
 * always a request: the owner may answer it with a confirmation, shown as a second, smaller dialog
 * whose Cancel button has the focus, so a stray Enter never discards anything.
 */
export function Modal(props: ModalProps) {
  const { open, title, description, onRequestClose, closeLabel, confirmation, footer, fullScreen } = props;
  const classes = ['modal', fullScreen ? 'modal--full' : '', props.className ?? ''].filter(Boolean).join(' ');
  // Radix returns the focus to a Dialog.Trigger; our modals open from any control, so remember it.
  const opener = useRef<HTMLElement | null>(null);
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        if (!next) onRequestClose();
      }}
    >
      <Dialog.Portal>
        <Dialog.Overlay className="modal__overlay" />
        <Dialog.Content
          className={classes}
          {...(description === undefined ? { 'aria-describedby': undefined } : {})}
          onOpenAutoFocus={() => {
            opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
          }}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            if (opener.current?.isConnected) opener.current.focus();
          }}
        >
          <div className="modal__header">
            <Dialog.Title className="modal__title">{title}</Dialog.Title>
            <Dialog.Close className="modal__close" aria-label={closeLabel}>
              <span aria-hidden="true">×</span>
            </Dialog.Close>
          </div>
          {description !== undefined && (
            <Dialog.Description className="modal__description">{description}</Dialog.Description>
          )}
          <div className="modal__body">{props.children}</div>
          {footer !== undefined && <div className="modal__footer">{footer}</div>}
          {confirmation && <ConfirmClose {...confirmation} />}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function ConfirmClose({ message, confirmLabel, cancelLabel, onConfirm, onCancel }: CloseConfirmation) {
  const cancel = useRef<HTMLButtonElement>(null);
  return (
    <Dialog.Root
      open
      onOpenChange={(next) => {
        if (!next) onCancel();
      }}
    >
      <Dialog.Portal>
        <Dialog.Overlay className="modal__overlay modal__overlay--confirm" />
        <Dialog.Content
          className="modal modal--confirm"
          role="alertdialog"
          aria-describedby={undefined}
          onOpenAutoFocus={(event) => {
            event.preventDefault();
            cancel.current?.focus();
          }}
          // A tap beside the question is not an answer to it.
          onPointerDownOutside={(event) => event.preventDefault()}
        >
          <Dialog.Title className="modal__confirm-text">{message}</Dialog.Title>
          <div className="modal__footer">
            <Button ref={cancel} variant="secondary" onClick={onCancel}>
              {cancelLabel}
            </Button>
            <Button onClick={onConfirm}>{confirmLabel}</Button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
