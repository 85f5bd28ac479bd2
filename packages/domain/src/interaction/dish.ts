import type { z } from 'zod';
import type { AspectRating } from '../enums';
import type { MenuInsightConfig } from '../schemas/question';
import type { dishResponseSchema } from '../schemas/submit';
import { offeredReasons } from './show-if';

/** A dish's response, in the shape of the answer payload's `extra.menuInsight` items (G3). */
export type DishResponse = z.infer<typeof dishResponseSchema>;

/** The sub-answers typed in an open dish dialog and not yet saved with Done. */
export type DishDraft = { reasons: number[]; comment: string };
export type DishDialog = { ref: string; draft: DishDraft; confirmingClose: boolean };
/** One menu-insight question's dish responses (keyed by dish ref) and its open dialog, if any. */
export type MenuInsightState = {
  responses: Readonly<Record<string, DishResponse>>;
  dialog: DishDialog | null;
};

export type DishAction =
  | { type: 'rate'; ref: string; rating: AspectRating }
  | { type: 'open'; ref: string }
  | { type: 'toggleReason'; reasonId: number }
  | { type: 'setComment'; comment: string }
  | { type: 'clear' }
  | { type: 'done' }
  | { type: 'close' }
  | { type: 'confirmClose' }
  | { type: 'cancelClose' };

/** A question's state before any dish is rated. */
export const initialMenuInsightState = (): MenuInsightState => ({ responses: {}, dialog: null });

/** G4.42: a dish has follow-ups when the question asks for them and has sub-questions to show. */
export const dishHasFollowUp = (config: MenuInsightConfig): boolean =>
  config.followUpQuestion && config.subQuestions.length > 0;

const savedDraft = (response: DishResponse | undefined): DishDraft => ({
  reasons: response?.reasons ?? [],
  comment: response?.comment ?? '',
});

/** Keeps only the reasons offered for the rating (G4.46), so no answer carries another rating's reasons. */
const keepOffered = (config: MenuInsightConfig, rating: AspectRating, reasons: readonly number[]) => {
  const offered = new Set(offeredReasons(config, rating).map((reason) => reason.id));
  return reasons.filter((id) => offered.has(id));
};

const withoutRef = (responses: MenuInsightState['responses'], ref: string) => {
  const { [ref]: _removed, ...rest } = responses;
  return rest;
};

const sameReasons = (a: readonly number[], b: readonly number[]) =>
  a.length === b.length && a.every((id) => b.includes(id));

/** G4.48: the open dialog holds sub-answers that Done has not saved. */
export function hasUnsavedDishAnswers(state: MenuInsightState): boolean {
  const dialog = state.dialog;
  if (dialog === null) return false;
  const saved = savedDraft(state.responses[dialog.ref]);
  return dialog.draft.comment !== saved.comment || !sameReasons(dialog.draft.reasons, saved.reasons);
}

/** G4.44, G4.47: Done is enabled once the dialog's dish has a rating; no sub-question is needed. */
export const canFinishDish = (state: MenuInsightState): boolean =>
  state.dialog !== null && state.responses[state.dialog.ref] !== undefined;

function rate(config: MenuInsightConfig, state: MenuInsightState, ref: string, rating: AspectRating) {
  const { dialog, responses } = state;
  if (dialog !== null && dialog.ref !== ref) return state; // the dialog is modal: other dishes wait
  const previous = responses[ref];
  if (!dishHasFollowUp(config)) {
    // G4.41: pressing the selected rating again clears the dish.
    if (previous?.aspectRatingId === rating) return { ...state, responses: withoutRef(responses, ref) };
    return { ...state, responses: { ...responses, [ref]: { ref, aspectRatingId: rating, reasons: [] } } };
  }
  // G4.40, G4.46: the rating is recorded at once; reasons of another rating's sections are dropped.
  const response: DishResponse = {
    ...previous,
    ref,
    aspectRatingId: rating,
    reasons: keepOffered(config, rating, previous?.reasons ?? []),
  };
  const draft = dialog?.draft ?? savedDraft(previous);
  return {
    responses: { ...responses, [ref]: response },
    // G4.42: with follow-ups the dish dialog opens after rating (or stays open when rated inside it).
    dialog: {
      ref,
      draft: { ...draft, reasons: keepOffered(config, rating, draft.reasons) },
      confirmingClose: false,
    },
  };
}

function done(state: MenuInsightState): MenuInsightState {
  if (state.dialog === null || !canFinishDish(state)) return state;
  const { ref, draft } = state.dialog;
  const { comment: _previous, ...response } = state.responses[ref] as DishResponse;
  const saved: DishResponse = { ...response, reasons: [...draft.reasons] };
  if (draft.comment.trim() !== '') saved.comment = draft.comment;
  return { responses: { ...state.responses, [ref]: saved }, dialog: null };
}

/** Menu-insight dish state machine (G4.40–G4.48): state + action → new state; unknown moves change nothing. */
export function menuInsightReducer(
  config: MenuInsightConfig,
  state: MenuInsightState,
  action: DishAction,
): MenuInsightState {
  const dialog = state.dialog;
  switch (action.type) {
    case 'rate':
      return rate(config, state, action.ref, action.rating);
    case 'open': {
      if (dialog !== null || !dishHasFollowUp(config)) return state;
      const draft = savedDraft(state.responses[action.ref]);
      return { ...state, dialog: { ref: action.ref, draft, confirmingClose: false } };
    }
    case 'toggleReason': {
      const rating = dialog ? state.responses[dialog.ref]?.aspectRatingId : undefined;
      if (!dialog || rating === undefined) return state;
      if (!offeredReasons(config, rating).some((reason) => reason.id === action.reasonId)) return state;
      const ticked = dialog.draft.reasons.includes(action.reasonId);
      const reasons = ticked
        ? dialog.draft.reasons.filter((id) => id !== action.reasonId)
        : [...dialog.draft.reasons, action.reasonId];
      return { ...state, dialog: { ...dialog, draft: { ...dialog.draft, reasons } } };
    }
    case 'setComment':
      if (!dialog) return state;
      return { ...state, dialog: { ...dialog, draft: { ...dialog.draft, comment: action.comment } } };
    case 'clear':
      // G4.43: Clear removes the dish's response; nothing is left to save, so the dialog closes.
      if (!dialog) return state;
      return { responses: withoutRef(state.responses, dialog.ref), dialog: null };
    case 'done':
      return done(state);
    case 'close':
      if (!dialog) return state;
      // G4.48: unsaved sub-answers need confirmation before they are thrown away.
      if (hasUnsavedDishAnswers(state)) return { ...state, dialog: { ...dialog, confirmingClose: true } };
      return { ...state, dialog: null };
    case 'confirmClose':
      return dialog?.confirmingClose ? { ...state, dialog: null } : state;
    case 'cancelClose':
      return dialog?.confirmingClose ? { ...state, dialog: { ...dialog, confirmingClose: false } } : state;
  }
}
