import {
  canFinishStaff,
  type GuestStaffMember,
  type StaffAction,
  type StaffSelector,
  type StaffState,
} from '@venue-voice/domain';
import { useTranslation } from 'react-i18next';
import { ChoiceGroup } from '../../../ui/choice-group';
import { TextArea } from '../../../ui/text-area';
import { FollowUpModal, toggledValue } from '../follow-up-modal';

export interface StaffModalProps {
  selector: StaffSelector;
  state: StaffState;
  member: GuestStaffMember;
  act(action: StaffAction): void;
}

/**
 * A member's follow-ups (G2): tag choices and/or a 4-row comment, Done (disabled while a required
 * follow-up is empty, G4.52) and Clear (deselects, G4.54); closing with unsaved answers warns (G4.53).
 */
export function StaffModal({ selector, state, member, act }: StaffModalProps) {
  const { t } = useTranslation('questions');
  const modal = state.modal;
  if (!modal) return null;
  const name = member.displayName || member.fullName;
  const tags = modal.followUps.tags;
  return (
    <FollowUpModal
      title={t('staff.modalTitle', { name })}
      confirmingClose={modal.confirmingClose}
      canFinish={canFinishStaff(selector, state)}
      act={act}
    >
      {tags && (
        <ChoiceGroup
          legend={t('staff.tags')}
          multiple
          choices={tags.map((tag) => ({ value: String(tag.id), label: tag.text }))}
          value={modal.draft.tags.map(String)}
          onChange={(values) => {
            const changed = toggledValue(modal.draft.tags.map(String), values);
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
    </FollowUpModal>
  );
}
