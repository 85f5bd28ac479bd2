/** A sub-question of a service in the overall-experience list (G2). */
export type ServiceSubQuestion = { id: string; required: boolean };
export type ExperienceService = { id: string; subQuestions: readonly ServiceSubQuestion[] };
/** Answers by sub-question id: a text, a number, a choice id, or a list of choices. */
export type ServiceAnswers = Readonly<Record<string, unknown>>;
export type ServiceModal = { serviceId: string; draft: ServiceAnswers; confirmingClose: boolean };
export type ServicesState = { answers: Readonly<Record<string, ServiceAnswers>>; modal: ServiceModal | null };

export type ServicesAction =
  | { type: 'open'; serviceId: string }
  | { type: 'answer'; subQuestionId: string; value: unknown }
  | { type: 'save' }
  | { type: 'close' }
  | { type: 'confirmClose' }
  | { type: 'cancelClose' };

/** No service answered, no modal open. */
export const initialServicesState = (): ServicesState => ({ answers: {}, modal: null });

/** G4.59: a value counts as an answer unless it is missing, blank text or an empty array. */
export function isServiceAnswered(value: unknown): boolean {
  if (value === undefined || value === null) return false;
  if (typeof value === 'string') return value.trim() !== '';
  if (Array.isArray(value)) return value.length > 0;
  return true;
}

/** G4.59: Save is disabled while any required sub-question has no answer or an empty array. */
export const canSaveService = (service: ExperienceService, answers: ServiceAnswers): boolean =>
  service.subQuestions.every((question) => !question.required || isServiceAnswered(answers[question.id]));

const answeredEntries = (answers: ServiceAnswers) =>
  Object.entries(answers).filter(([, value]) => isServiceAnswered(value));

/** G4.58: the open modal holds answers that differ from those last saved for its service. */
export function hasUnsavedServiceAnswers(state: ServicesState): boolean {
  const modal = state.modal;
  if (modal === null) return false;
  const saved = state.answers[modal.serviceId] ?? {};
  const draft = answeredEntries(modal.draft);
  if (draft.length !== answeredEntries(saved).length) return true;
  return draft.some(([id, value]) => JSON.stringify(value) !== JSON.stringify(saved[id]));
}

/** The services modal (G4.58, G4.59): state + action → new state. */
export function servicesReducer(
  services: readonly ExperienceService[],
  state: ServicesState,
  action: ServicesAction,
): ServicesState {
  const modal = state.modal;
  switch (action.type) {
    case 'open': {
      if (modal !== null || !services.some((service) => service.id === action.serviceId)) return state;
      const draft = state.answers[action.serviceId] ?? {};
      return { ...state, modal: { serviceId: action.serviceId, draft, confirmingClose: false } };
    }
    case 'answer':
      if (!modal || modal.confirmingClose) return state;
      return {
        ...state,
        modal: { ...modal, draft: { ...modal.draft, [action.subQuestionId]: action.value } },
      };
    case 'save': {
      const service = services.find((candidate) => candidate.id === modal?.serviceId);
      if (!modal || !service || !canSaveService(service, modal.draft)) return state;
      return { answers: { ...state.answers, [modal.serviceId]: modal.draft }, modal: null };
    }
    case 'close':
      if (!modal) return state;
      // G4.58: closing with answers asks Close or Cancel.
      if (hasUnsavedServiceAnswers(state)) return { ...state, modal: { ...modal, confirmingClose: true } };
      return { ...state, modal: null };
    case 'confirmClose':
      // G4.58: Close clears the answers typed in the modal; those saved earlier with Save stay.
      return modal?.confirmingClose ? { ...state, modal: null } : state;
    case 'cancelClose':
      return modal?.confirmingClose ? { ...state, modal: { ...modal, confirmingClose: false } } : state;
  }
}
