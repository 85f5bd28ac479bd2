import {
  type GuestStaffMember,
  type StaffAnswer,
  StaffRenderType,
  type StaffState,
  type Survey,
  staffAnswer,
  staffReducer,
} from '@venue-voice/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadingStatus } from '../../../ui/loading-status';
import { TextArea } from '../../../ui/text-area';
import { ANSWER_TEXT_MAX } from '../limits';
import { StaffList } from './staff-list';
import { StaffModal } from './staff-modal';
import { staffStateOf } from './staff-state';

/** The staff answer's description limit (staffAnswerSchema). */
const DESCRIPTION_MAX = 2000;

export interface StaffQuestionProps {
  survey: Survey;
  answer: StaffAnswer | null;
  onAnswer(answer: StaffAnswer | null): void;
  /**
   * The venue's team, or null when the web has no list to show: then the guest names the person in a
   * comment, the spec's other staff question (text mode).
   */
  members: readonly GuestStaffMember[] | null;
  /** The team is still downloading (select mode): a status line stands in for the list. */
  loading?: boolean;
}

/**
 * The staff question (G2, G4.50–G4.57): a comment, or a searchable, filterable list of the team where
 * a click selects one member or opens their follow-up modal. The answer in the run is always the
 * domain's `staffAnswer` of the widget's state.
 */
export function StaffQuestion({ survey, answer, onAnswer, members, loading = false }: StaffQuestionProps) {
  const { t } = useTranslation('questions');
  const selector = survey.staffSelector;
  const [state, setState] = useState<StaffState>(() => staffStateOf(answer));

  if (loading && selector.renderType === StaffRenderType.SELECT) {
    return (
      <div className="quiz__item">
        <LoadingStatus label={t('staff.loading')} />
      </div>
    );
  }

  if (selector.renderType === StaffRenderType.TEXT || members === null) {
    const description = answer?.renderType === 0 ? answer.description : '';
    return (
      <div className="quiz__item">
        <TextArea
          label={t('staff.textLabel')}
          value={description}
          maxLength={Math.min(DESCRIPTION_MAX, ANSWER_TEXT_MAX)}
          onChange={(text) =>
            onAnswer(text.trim() === '' ? null : { renderType: StaffRenderType.TEXT, description: text })
          }
        />
      </div>
    );
  }

  const act = (action: Parameters<typeof staffReducer>[2]) => {
    const next = staffReducer(selector, state, action);
    setState(next);
    onAnswer(staffAnswer(selector, next) ?? null);
  };
  const modalMember = members.find((member) => member.id === state.modal?.staffId);
  return (
    <div className="quiz__item">
      <StaffList
        selector={selector}
        members={members}
        selectedId={state.selection?.staffId ?? null}
        onPick={(member) => act({ type: 'click', member })}
      />
      {state.modal && modalMember && (
        <StaffModal selector={selector} state={state} member={modalMember} act={act} />
      )}
    </div>
  );
}
