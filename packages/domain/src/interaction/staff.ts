import type { z } from 'zod';
import { StaffFollowUpType, StaffRenderType } from '../enums';
import type { IdText } from '../schemas/common';
import type { GuestStaffMember } from '../schemas/staff';
import type { staffAnswerSchema } from '../schemas/submit';
import type { Survey } from '../schemas/survey';

export type StaffSelector = Survey['staffSelector'];
/** The staff answer of the create payload (text 0 or select 1). */
export type StaffAnswer = z.infer<typeof staffAnswerSchema>;

/** The follow-ups a member's modal asks: tag choices (null when not asked) and/or a text comment. */
export type StaffFollowUps = { tags: IdText[] | null; text: boolean };
export type StaffFollowUpAnswers = { tags: number[]; text: string };
export type StaffSelection = { staffId: number; answers: StaffFollowUpAnswers };
export type StaffModal = {
  staffId: number;
  followUps: StaffFollowUps;
  draft: StaffFollowUpAnswers;
  confirmingClose: boolean;
};
export type StaffState = { selection: StaffSelection | null; modal: StaffModal | null };

export type StaffAction =
  | { type: 'click'; member: GuestStaffMember }
  | { type: 'toggleTag'; tagId: number }
  | { type: 'setText'; text: string }
  | { type: 'done' }
  | { type: 'clear' }
  | { type: 'close' }
  | { type: 'confirmClose' }
  | { type: 'cancelClose' };

/** Nobody selected, no modal open. */
export const initialStaffState = (): StaffState => ({ selection: null, modal: null });

const noAnswers = (): StaffFollowUpAnswers => ({ tags: [], text: '' });

/**
 * G4.51: the follow-ups of a member under the selector's follow-up type (none 0, tags 1, text 2,
 * both 3). Tag choices are the member's own tags, or the survey's when the member has none; tags are
 * not asked when there are none to choose.
 */
export function staffFollowUps(selector: StaffSelector, member: GuestStaffMember): StaffFollowUps {
  const type = selector.followup;
  const wantsTags = type === StaffFollowUpType.TAGS || type === StaffFollowUpType.BOTH;
  const choices = member.tags.length > 0 ? member.tags : selector.tags;
  return {
    tags: wantsTags && choices.length > 0 ? choices : null,
    text: type === StaffFollowUpType.TEXT || type === StaffFollowUpType.BOTH,
  };
}

/** G4.51: a member with any follow-up opens the modal instead of toggling. */
export const hasStaffFollowUps = (followUps: StaffFollowUps): boolean =>
  followUps.tags !== null || followUps.text;

/** G4.52: every follow-up asked is answered (a tag chosen, a non-blank text) or none is required. */
export function staffFollowUpsComplete(
  selector: StaffSelector,
  followUps: StaffFollowUps,
  answers: StaffFollowUpAnswers,
): boolean {
  if (!selector.followupRequired) return true;
  const tagsDone = followUps.tags === null || answers.tags.length > 0;
  const textDone = !followUps.text || answers.text.trim() !== '';
  return tagsDone && textDone;
}

/** G4.52: Done in the staff modal is enabled. */
export const canFinishStaff = (selector: StaffSelector, state: StaffState): boolean =>
  state.modal !== null && staffFollowUpsComplete(selector, state.modal.followUps, state.modal.draft);

/** G4.53: the modal holds answers that Done has not saved. */
export function hasUnsavedStaffAnswers(state: StaffState): boolean {
  const modal = state.modal;
  if (modal === null) return false;
  const saved = state.selection?.staffId === modal.staffId ? state.selection.answers : noAnswers();
  const sameTags =
    modal.draft.tags.length === saved.tags.length && modal.draft.tags.every((id) => saved.tags.includes(id));
  return !sameTags || modal.draft.text !== saved.text;
}

function click(selector: StaffSelector, state: StaffState, member: GuestStaffMember): StaffState {
  if (state.modal !== null) return state; // the modal is in front of the list
  const followUps = staffFollowUps(selector, member);
  const selected = state.selection?.staffId === member.id;
  if (!hasStaffFollowUps(followUps)) {
    // G4.50: one member at a time; clicking the selected member deselects.
    return { ...state, selection: selected ? null : { staffId: member.id, answers: noAnswers() } };
  }
  const draft = selected && state.selection ? state.selection.answers : noAnswers();
  return { ...state, modal: { staffId: member.id, followUps, draft, confirmingClose: false } };
}

/** Staff selection and its follow-up modal (G4.50–G4.54): state + action → new state. */
export function staffReducer(selector: StaffSelector, state: StaffState, action: StaffAction): StaffState {
  const modal = state.modal;
  switch (action.type) {
    case 'click':
      return click(selector, state, action.member);
    case 'toggleTag': {
      if (!modal?.followUps.tags?.some((tag) => tag.id === action.tagId)) return state;
      const tags = modal.draft.tags.includes(action.tagId)
        ? modal.draft.tags.filter((id) => id !== action.tagId)
        : [...modal.draft.tags, action.tagId];
      return { ...state, modal: { ...modal, draft: { ...modal.draft, tags } } };
    }
    case 'setText':
      if (!modal?.followUps.text) return state;
      return { ...state, modal: { ...modal, draft: { ...modal.draft, text: action.text } } };
    case 'done':
      if (!modal || !canFinishStaff(selector, state)) return state;
      return { selection: { staffId: modal.staffId, answers: modal.draft }, modal: null };
    case 'clear': {
      // G4.54: Clear deselects the member and closes the modal.
      if (!modal) return state;
      const selection = state.selection?.staffId === modal.staffId ? null : state.selection;
      return { selection, modal: null };
    }
    case 'close':
      if (!modal) return state;
      if (hasUnsavedStaffAnswers(state)) return { ...state, modal: { ...modal, confirmingClose: true } };
      return { ...state, modal: null };
    case 'confirmClose':
      return modal?.confirmingClose ? { ...state, modal: null } : state;
    case 'cancelClose':
      return modal?.confirmingClose ? { ...state, modal: { ...modal, confirmingClose: false } } : state;
  }
}

/**
 * G4.57: the staff answer of the create payload. Select mode sends the member and the follow-ups
 * answered (`tags` with tag ids, `text` with the comment); text mode sends the description. Nothing
 * chosen or written gives undefined, so the payload leaves `staff` out.
 */
export function staffAnswer(
  selector: StaffSelector,
  state: StaffState,
  description = '',
): StaffAnswer | undefined {
  if (selector.renderType === StaffRenderType.TEXT) {
    return description.trim() === '' ? undefined : { renderType: StaffRenderType.TEXT, description };
  }
  if (state.selection === null) return undefined;
  const { tags, text } = state.selection.answers;
  const subQuestions: { question_type: string; answers: (number | string)[] }[] = [];
  if (tags.length > 0) subQuestions.push({ question_type: 'tags', answers: [...tags] });
  if (text.trim() !== '') subQuestions.push({ question_type: 'text', answers: [text] });
  return { renderType: StaffRenderType.SELECT, staffId: state.selection.staffId, subQuestions };
}
