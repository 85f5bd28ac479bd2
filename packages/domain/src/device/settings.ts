/** The settings modal, select-survey screen and app status panel (device-mode.md §2; D2.1–D2.13). */
import { UpdateState } from '../enums';

export type SettingsInput = {
  online: boolean;
  /** Stored responses waiting to upload. */
  storedCount: number;
  surveyCount: number;
  updateReady: boolean;
  loggedInMember: number | null;
};

export type SettingsButton = { visible: boolean; enabled: boolean };
export type SettingsButtons = {
  downloadSurveys: SettingsButton;
  downloadMenu: SettingsButton;
  upload: SettingsButton & { count: number };
  chooseDefault: SettingsButton;
  changePasscode: SettingsButton;
  manageTeam: SettingsButton;
  updateApp: SettingsButton;
  switchUser: SettingsButton;
  reset: SettingsButton;
};

const shown = (visible: boolean, enabled = true): SettingsButton => ({
  visible,
  enabled: visible && enabled,
});

/** Which settings buttons show and work: upload and manage team online only, and so on (D2.1–D2.5). */
export const settingsButtons = (input: SettingsInput): SettingsButtons => ({
  downloadSurveys: shown(true),
  downloadMenu: shown(true),
  upload: { ...shown(input.online, input.storedCount > 0), count: input.storedCount },
  chooseDefault: shown(input.surveyCount > 1),
  changePasscode: shown(true),
  manageTeam: shown(input.online),
  updateApp: shown(input.updateReady),
  switchUser: shown(input.loggedInMember !== null),
  reset: shown(true),
});

/** A last-synchronised or last-uploaded time for display: epoch ms, or 'never' (D2.6). */
export const lastTimeOrNever = (epochMs: number | null | undefined): number | 'never' =>
  epochMs === null || epochMs === undefined ? 'never' : epochMs;

/** The select-survey screen's purpose: pick the default survey, or the survey to run now. */
export type SurveyPickMode = 'select' | 'default';

/** A row of the survey list; id 0 is the 'no default' entry, shown with the logo. */
export type SurveyChoice = { id: number; name: string | null; noDefault: boolean };

/** The survey list: in default mode a 'no default' entry with id 0 follows the surveys (D2.9). */
export const surveyChoices = (
  surveys: readonly { templateId: number; name: string }[],
  mode: SurveyPickMode,
): SurveyChoice[] => {
  const list = surveys.map((survey) => ({ id: survey.templateId, name: survey.name, noDefault: false }));
  return mode === 'default' ? [...list, { id: 0, name: null, noDefault: true }] : list;
};

/** Picking sets the default template in default mode, else the selected template (D2.10). */
export const pickSurvey = <S extends { defaultTemplate: number; selectedTemplate: number }>(
  state: S,
  mode: SurveyPickMode,
  templateId: number,
): S =>
  mode === 'default' ? { ...state, defaultTemplate: templateId } : { ...state, selectedTemplate: templateId };

/** The confirmation after choosing a default: the survey's name, or null for 'no default survey exists' (D2.11). */
export const defaultSurveyConfirmation = (
  surveys: readonly { templateId: number; name: string }[],
  defaultTemplate: number,
): string | null => surveys.find((survey) => survey.templateId === defaultTemplate)?.name ?? null;

/** The icon next to the stored-responses count (D2.13); unknown shows none. */
export const responsesIcon = (state: UpdateState): 'done' | 'inProgress' | 'pending' | null => {
  if (state === UpdateState.DONE) return 'done';
  if (state === UpdateState.IN_PROGRESS) return 'inProgress';
  if (state === UpdateState.PENDING) return 'pending';
  return null;
};

/** Survey progress on the status panel: answered over total, 0 when there are no questions (D2.13). */
export const surveyProgress = (input: {
  inProgress: boolean;
  answered: number;
  total: number;
}): { inProgress: boolean; answered: number; fraction: number } => ({
  inProgress: input.inProgress,
  answered: input.answered,
  fraction: input.total > 0 ? Math.min(1, Math.max(0, input.answered / input.total)) : 0,
});
