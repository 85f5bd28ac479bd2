import {
  canFinishStaff,
  type StaffAction,
  type StaffMember,
  type StaffSelector,
  type StaffState,
} from '@venue-voice/domain';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../ui/button';
import { ChoiceGroup } from '../../../ui/choice-group';
import { Modal } from '../../../ui/modal';
import { TextArea } from '../../../ui/text-area';

export interface StaffModalProps {
  selector: StaffSelector;
  state: StaffState;
  member: StaffMember;
  act(action: StaffAction): void;
}

/**
 * A member's follow-ups (G2): tag choices and/or a 4-row comment, Done (disabled while a required
 * follow-up is empty, G4.52) and Clear (deselects, G4.54); closing with unsaved answers warns (G4.53).
 */
export function StaffModal({ selector, state, member, act }: StaffModalProps) {
  const { t } = useTranslation('questions');
  const { t: tCore } = useTranslation();
  const modal = state.modal;
  if (!modal) return null;
  const name = member.displayName || member.fullName;
  const tags = modal.followUps.tags;
  return (
    <Modal
      open
      title={t('staff.modalTitle', { name })}
      closeLabel={t('modal.close')}
      onRequestClose={() => act({ type: 'close' })}
      confirmation={
        modal.confirmingClose
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
          <Button disabled={!canFinishStaff(selector, state)} onClick={() => act({ type: 'done' })}>
            {t('modal.done')}
          </Button>
        </>
      }
    >
      {tags && (
        <ChoiceGroup
          legend={t('staff.tags')}
          multiple
          choices={tags.map((tag) => ({ value: String(tag.id), label: tag.text }))}
          value={modal.draft.tags.map(String)}
          onChange={(values) => {
            // The reducer toggles one tag at a time: send the one that changed.
            const before = new Set(modal.draft.tags.map(String));
            const changed =
              values.find((v) => !before.has(v)) ?? [...before].find((v) => !values.includes(v));
            if (changed !== undefined) act({ type: 'toggleTag', tagId: Number(changed) });
          }}
        />
      )}
      {modal.followUps.text && (
        <TextArea
          label={t('staff.comment')}
          value={modal.draft.text}
          maxLength={2000}
          onChange={(text) => act({ type: 'setText', text })}
        />
      )}
    </Modal>
  );
}
