import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/button';
import { Modal } from '../../ui/modal';

/** The actions every follow-up dialog's reducer understands (dish dialog, staff modal). */
export type FollowUpModalAction = { type: 'close' | 'confirmClose' | 'cancelClose' | 'clear' | 'done' };

export interface FollowUpModalProps {
  title: string;
  /** True while the reducer asks whether to close with unsaved answers. */
  confirmingClose: boolean;
  canFinish: boolean;
  act(action: FollowUpModalAction): void;
  children: ReactNode;
}

/**
 * The frame of a follow-up dialog (G2): Clear and Done in the footer, and closing with unsaved answers
 * asks Close or Cancel first. What the dialog asks is its children; the rules are the reducer's.
 */
export function FollowUpModal({ title, confirmingClose, canFinish, act, children }: FollowUpModalProps) {
  const { t } = useTranslation('questions');
  const { t: tCore } = useTranslation();
  return (
    <Modal
      open
      title={title}
      closeLabel={t('modal.close')}
      onRequestClose={() => act({ type: 'close' })}
      confirmation={
        confirmingClose
          ? {
              message: tCore('team.closeUnsaved'),
              confirmLabel: t('modal.close'),
              cancelLabel: t('modal.cancel'),
              onConfirm: () => act({ type: 'confirmClose' }),
              onCancel: () => act({ type: 'cancelClose' }),
            }
          : null
      }
      footer={
        <>
          <Button variant="secondary" onClick={() => act({ type: 'clear' })}>
            {t('modal.clear')}
          </Button>
          <Button disabled={!canFinish} onClick={() => act({ type: 'done' })}>
            {t('modal.done')}
          </Button>
        </>
      }
    >
      {children}
    </Modal>
  );
}

/** The one value a checkbox group's change added or removed (the reducers toggle one at a time). */
export const toggledValue = (before: readonly string[], after: readonly string[]): string | undefined =>
  after.find((v) => !before.includes(v)) ?? before.find((v) => !after.includes(v));
