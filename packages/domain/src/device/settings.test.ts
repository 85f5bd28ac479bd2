import { describe, expect, it } from 'vitest';
import { UpdateState } from '../enums';
import {
  defaultSurveyConfirmation,
  lastTimeOrNever,
  pickSurvey,
  responsesIcon,
  type SettingsInput,
  settingsButtons,
  surveyChoices,
  surveyProgress,
} from './settings';

const base: SettingsInput = {
  online: true,
  storedCount: 3,
  surveyCount: 2,
  updateReady: true,
  loggedInMember: 7,
};
const surveys = [
  { templateId: 4, name: 'Dinner' },
  { templateId: 9, name: 'Breakfast' },
];

describe('settings modal and screens', () => {
  it.each<[string, Partial<SettingsInput>, { visible: boolean; enabled: boolean; count: number }]>([
    ['online with responses stored', {}, { visible: true, enabled: true, count: 3 }],
    ['online with none stored', { storedCount: 0 }, { visible: true, enabled: false, count: 0 }],
    ['offline', { online: false }, { visible: false, enabled: false, count: 3 }],
  ])('D2.1 the upload button %s', (_name, patch, expected) => {
    expect(settingsButtons({ ...base, ...patch }).upload).toEqual(expected);
  });

  it.each([
    [0, false],
    [1, false],
    [2, true],
  ])('D2.2 choose default survey with %i surveys shows: %s', (surveyCount, visible) => {
    expect(settingsButtons({ ...base, surveyCount }).chooseDefault.visible).toBe(visible);
  });

  it.each([true, false])('D2.3 manage team shows only online (online %s)', (online) => {
    expect(settingsButtons({ ...base, online }).manageTeam).toEqual({ visible: online, enabled: online });
  });

  it.each([true, false])('D2.4 update app shows only when an update is ready (%s)', (updateReady) => {
    expect(settingsButtons({ ...base, updateReady }).updateApp.visible).toBe(updateReady);
  });

  it.each([
    [7, true],
    [null, false],
  ])('D2.5 switch user with member %j shows: %s', (loggedInMember, visible) => {
    expect(settingsButtons({ ...base, loggedInMember }).switchUser.visible).toBe(visible);
  });

  it('D2.19 download, passcode change and reset always show', () => {
    const offline = settingsButtons({
      online: false,
      storedCount: 0,
      surveyCount: 0,
      updateReady: false,
      loggedInMember: null,
    });
    for (const key of ['downloadSurveys', 'downloadMenu', 'changePasscode', 'reset'] as const)
      expect(offline[key]).toEqual({ visible: true, enabled: true });
  });

  it.each([
    [null, 'never'],
    [undefined, 'never'],
    [0, 0],
    [1_700_000_000_000, 1_700_000_000_000],
  ])('D2.6 last time %j shows as %j', (value, shown) => {
    expect(lastTimeOrNever(value)).toBe(shown);
  });

  it('D2.9 select mode lists the surveys; default mode adds a no-default entry with id 0', () => {
    expect(surveyChoices(surveys, 'select')).toEqual([
      { id: 4, name: 'Dinner', noDefault: false },
      { id: 9, name: 'Breakfast', noDefault: false },
    ]);
    expect(surveyChoices(surveys, 'default').at(-1)).toEqual({ id: 0, name: null, noDefault: true });
    expect(surveyChoices([], 'default')).toHaveLength(1);
  });

  it('D2.10 picking sets the default template or the selected template', () => {
    const state = { defaultTemplate: 1, selectedTemplate: 2 };
    expect(pickSurvey(state, 'default', 9)).toEqual({ defaultTemplate: 9, selectedTemplate: 2 });
    expect(pickSurvey(state, 'select', 9)).toEqual({ defaultTemplate: 1, selectedTemplate: 9 });
    expect(pickSurvey(state, 'default', 0)).toEqual({ defaultTemplate: 0, selectedTemplate: 2 });
  });

  it.each([
    [9, 'Breakfast'],
    [0, null],
    [5, null],
  ])('D2.11 the confirmation for default %i names %j (null: no default survey exists)', (id, name) => {
    expect(defaultSurveyConfirmation(surveys, id)).toBe(name);
  });

  it.each([
    [UpdateState.DONE, 'done'],
    [UpdateState.IN_PROGRESS, 'inProgress'],
    [UpdateState.PENDING, 'pending'],
    [UpdateState.UNKNOWN, null],
  ])('D2.13 responses state %i shows icon %j', (state, icon) => {
    expect(responsesIcon(state)).toBe(icon);
  });

  it.each([
    [{ inProgress: true, answered: 3, total: 12 }, 0.25],
    [{ inProgress: false, answered: 0, total: 0 }, 0],
    [{ inProgress: true, answered: 14, total: 12 }, 1],
  ])('D2.13 survey progress %j fills %d of the bar', (input, fraction) => {
    expect(surveyProgress(input)).toEqual({
      inProgress: input.inProgress,
      answered: input.answered,
      fraction,
    });
  });
});
