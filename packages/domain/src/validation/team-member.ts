/** Team member form of device-mode.md §5 (D5.10–D5.15), with the names bounded and clean (D5.22, D5.23). */
import { z } from 'zod';
import {
  NONE_TEAM_ID,
  STAFF_DISPLAY_NAME_MAX,
  STAFF_FULL_NAME_MAX,
  STAFF_PIN_MAX,
  STAFF_PIN_MIN,
  WEIGHT_DEFAULT,
  WEIGHT_MAX,
  WEIGHT_MIN,
} from '../constants';
import { TeamMemberStatus } from '../enums';
import {
  firstError,
  maxChars,
  maxValue,
  minChars,
  minValue,
  noBidiControls,
  numeric,
  optional,
  required,
} from './shared';
import { collectErrors, type FieldErrors, invalid, type ValidationError } from './types';
import { addFieldIssues, textInput } from './zod';

export type TeamMemberField = 'displayName' | 'fullName' | 'pinCode' | 'weight';

/** Form values as typed (weight may arrive as a number from the API). */
export type TeamMemberInput = {
  displayName?: string;
  fullName?: string;
  pinCode?: string | null;
  weight?: string | number;
};

/**
 * What uniqueness needs of the members already saved. Only the server knows their PINs (decision 0197):
 * the tablet's form leaves `pinCode` out and the server's answer says when a PIN is taken.
 */
export type ExistingMember = { id: number; displayName: string; fullName: string; pinCode?: string | null };

/** The saved members, and the id of the member being edited (absent when adding). */
export type TeamMemberContext = { members: readonly ExistingMember[]; editingId?: number | null };

/** Values of a fresh add form: weight starts at WEIGHT_DEFAULT. */
export const TEAM_MEMBER_FORM_DEFAULTS = {
  displayName: '',
  fullName: '',
  pinCode: '',
  weight: String(WEIGHT_DEFAULT),
} as const;

/** Trims every text value (D5.10); weight becomes text so one rule checks typed and API values. */
export const normaliseTeamMember = (values: TeamMemberInput) => ({
  displayName: (values.displayName ?? '').trim(),
  fullName: (values.fullName ?? '').trim(),
  pinCode: (values.pinCode ?? '').trim(),
  weight: String(values.weight ?? '').trim(),
});

const sameName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

const uniqueBy =
  (taken: (member: ExistingMember) => boolean, context: TeamMemberContext) => (): ValidationError | null =>
    context.members.some((member) => member.id !== context.editingId && taken(member))
      ? invalid('form.unique')
      : null;

/** Per-field errors of the team member form; uniqueness is checked against `context.members`. */
export const validateTeamMember = (
  values: TeamMemberInput,
  context: TeamMemberContext,
): FieldErrors<TeamMemberField> => {
  const v = normaliseTeamMember(values);
  return collectErrors({
    displayName: firstError(v.displayName, [
      required,
      maxChars(STAFF_DISPLAY_NAME_MAX),
      noBidiControls,
      uniqueBy((m) => sameName(m.displayName, v.displayName), context),
    ]),
    fullName: firstError(v.fullName, [
      required,
      maxChars(STAFF_FULL_NAME_MAX),
      noBidiControls,
      uniqueBy((m) => sameName(m.fullName, v.fullName), context),
    ]),
    pinCode: firstError(v.pinCode, [
      optional(numeric),
      optional(minChars(STAFF_PIN_MIN)),
      optional(maxChars(STAFF_PIN_MAX)),
      optional(uniqueBy((m) => m.pinCode != null && m.pinCode === v.pinCode, context)),
    ]),
    weight: firstError(v.weight, [required, numeric, minValue(WEIGHT_MIN), maxValue(WEIGHT_MAX)]),
  });
};

/** Save stays disabled until display name and full name both hold something besides spaces. */
export const canSaveTeamMember = (values: Pick<TeamMemberInput, 'displayName' | 'fullName'>): boolean =>
  (values.displayName ?? '').trim() !== '' && (values.fullName ?? '').trim() !== '';

const statusInput = z.union([z.literal(TeamMemberStatus.INACTIVE), z.literal(TeamMemberStatus.ACTIVE)], {
  error: 'form.required',
});

/** zod schema of the form for one add or edit; parses to trimmed values, pinCode null when empty. */
export const teamMemberSchema = (context: TeamMemberContext) =>
  z
    .object({
      displayName: textInput,
      fullName: textInput,
      pinCode: z.string({ error: 'form.numeric' }).nullish(),
      weight: z.union([z.string(), z.number()], { error: 'form.numeric' }).optional(),
      // Not validated by the spec beyond their types; defaults follow §3 (new members active, team None).
      status: statusInput.default(TeamMemberStatus.ACTIVE),
      hasSettingsAccess: z.boolean({ error: 'form.required' }).default(false),
      // Every issue carries a catalogue key: the server answers them as 10025 field messages.
      teamId: z
        .number({ error: 'form.required' })
        .int({ error: 'team.unknownTeam' })
        .min(NONE_TEAM_ID, { error: 'team.unknownTeam' })
        .default(NONE_TEAM_ID),
    })
    .superRefine((values, ctx) => addFieldIssues(ctx, validateTeamMember(values, context)))
    .transform((values) => {
      const v = normaliseTeamMember(values);
      return {
        ...v,
        pinCode: v.pinCode === '' ? null : v.pinCode,
        weight: Number(v.weight),
        status: values.status,
        hasSettingsAccess: values.hasSettingsAccess,
        teamId: values.teamId,
      };
    });

export type TeamMemberValues = z.output<ReturnType<typeof teamMemberSchema>>;
