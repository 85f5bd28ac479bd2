import { describe, expect, it } from 'vitest';
import {
  NONE_TEAM_ID,
  STAFF_DISPLAY_NAME_MAX,
  STAFF_FULL_NAME_MAX,
  STAFF_PIN_MAX,
  STAFF_PIN_MIN,
  WEIGHT_DEFAULT,
  WEIGHT_MAX,
} from '../constants';
import { TeamMemberStatus } from '../enums';
import {
  canSaveTeamMember,
  TEAM_MEMBER_FORM_DEFAULTS,
  type TeamMemberContext,
  type TeamMemberInput,
  teamMemberSchema,
  validateTeamMember,
} from './team-member';
import { fieldErrorsFromIssues } from './zod';

const members = [
  { id: 1, displayName: 'Alex', fullName: 'Alex Brown', pinCode: '1111' },
  { id: 2, displayName: 'Sam', fullName: 'Sam Green', pinCode: null },
];
const adding: TeamMemberContext = { members };
const editingAlex: TeamMemberContext = { members, editingId: 1 };
const valid = { displayName: 'Jo', fullName: 'Jo White', pinCode: '', weight: '50' };

const errorOf = (field: keyof TeamMemberInput, value: string | number, context = adding) =>
  validateTeamMember({ ...valid, [field]: value }, context)[field as 'weight'] ?? null;

describe('team member form', () => {
  it('D5.13 a new form starts with weight 50 and is valid once named', () => {
    expect(TEAM_MEMBER_FORM_DEFAULTS.weight).toBe(String(WEIGHT_DEFAULT));
    expect(
      validateTeamMember({ ...TEAM_MEMBER_FORM_DEFAULTS, displayName: 'Jo', fullName: 'Jo W' }, adding),
    ).toEqual({});
  });

  it.each([
    ['displayName', '', { key: 'form.required' }],
    ['displayName', '   ', { key: 'form.required' }],
    ['displayName', 'Alex', { key: 'form.unique' }],
    ['displayName', ' aLEX ', { key: 'form.unique' }],
    ['displayName', 'Alexa', null],
    ['fullName', '', { key: 'form.required' }],
    ['fullName', ' \t', { key: 'form.required' }],
    ['fullName', 'SAM GREEN', { key: 'form.unique' }],
    ['fullName', 'Sam Greene', null],
  ] as const)(
    'D5.10 D5.11 %s: required, trimmed, unique case-insensitively (%j)',
    (field, value, expected) => {
      expect(errorOf(field, value)).toEqual(expected);
    },
  );

  it.each([
    ['', null],
    ['   ', null],
    ['1'.repeat(STAFF_PIN_MIN - 1), { key: 'form.minChars', params: { count: STAFF_PIN_MIN } }],
    ['2'.repeat(STAFF_PIN_MIN), null],
    [` ${'2'.repeat(STAFF_PIN_MIN)} `, null],
    ['2'.repeat(STAFF_PIN_MAX), null],
    ['2'.repeat(STAFF_PIN_MAX + 1), { key: 'form.maxChars', params: { count: STAFF_PIN_MAX } }],
    ['12a', { key: 'form.numeric' }],
    ['1111', { key: 'form.unique' }],
    [' 1111 ', { key: 'form.unique' }],
    ['01111', null],
  ])('D5.10 D5.12 PIN: optional, digits only, 3 to 5, unique by exact match (%j)', (value, expected) => {
    expect(errorOf('pinCode', value)).toEqual(expected);
  });

  it.each([
    ['', { key: 'form.required' }],
    ['  ', { key: 'form.required' }],
    ['0', null],
    [' 1 ', null],
    [String(WEIGHT_MAX - 1), null],
    [String(WEIGHT_MAX), null],
    [String(WEIGHT_MAX + 1), { key: 'form.maxValue', params: { n: WEIGHT_MAX } }],
    ['-1', { key: 'form.numeric' }],
    ['5.5', { key: 'form.numeric' }],
    ['ten', { key: 'form.numeric' }],
    [WEIGHT_MAX, null],
    [WEIGHT_MAX + 1, { key: 'form.maxValue', params: { n: WEIGHT_MAX } }],
    [-1, { key: 'form.numeric' }],
  ])('D5.13 weight: required, digits only, 0 to 100 (%j)', (value, expected) => {
    expect(errorOf('weight', value)).toEqual(expected);
  });

  it.each([
    ['displayName', 'é'.repeat(STAFF_DISPLAY_NAME_MAX), null],
    ['displayName', `  ${'J'.repeat(STAFF_DISPLAY_NAME_MAX)}  `, null],
    ['displayName', '🍷'.repeat(STAFF_DISPLAY_NAME_MAX), null],
    ['displayName', 'J'.repeat(STAFF_DISPLAY_NAME_MAX + 1), { key: 'form.maxChars', params: { count: 50 } }],
    ['displayName', 'x'.repeat(1_000_000), { key: 'form.maxChars', params: { count: 50 } }],
    ['fullName', 'W'.repeat(STAFF_FULL_NAME_MAX), null],
    ['fullName', 'W'.repeat(STAFF_FULL_NAME_MAX + 1), { key: 'form.maxChars', params: { count: 100 } }],
    ['fullName', 'x'.repeat(1_000_000), { key: 'form.maxChars', params: { count: 100 } }],
  ] as const)(
    'D5.22 %s: at most 50 (display) or 100 (full) characters, counted as a person counts them (%#)',
    (field, value, expected) => {
      expect(errorOf(field, value)).toEqual(expected);
    },
  );

  // Every bidirectional control of D5.23, one at a time, in either name; and text that only looks near.
  const BIDI = ['\u202A', '\u202B', '\u202C', '\u202D', '\u202E', '\u2066', '\u2067', '\u2068', '\u2069'];
  it.each([
    ...[...BIDI, '\u200E', '\u200F', '\u061C'].flatMap((control) => [
      ['displayName', `Jo${control}`, { key: 'form.textDirection' }] as const,
      ['fullName', `Jo ${control}etihW`, { key: 'form.textDirection' }] as const,
    ]),
    ['displayName', 'محمد', null],
    ['fullName', 'שרה כהן', null],
    ['fullName', 'Zoë O’Brien-Łukasz', null],
    ['displayName', 'Jo\u200D', null],
  ] as const)('D5.23 %s: no bidirectional control characters (%j)', (field, value, expected) => {
    expect(errorOf(field, value)).toEqual(expected);
  });

  it('D5.12 members listed without their PINs (the tablet, decision 0197) leave PIN uniqueness to the server', () => {
    const listed = { members: members.map(({ pinCode: _pin, ...m }) => m) };
    expect(validateTeamMember({ ...valid, pinCode: '1111' }, listed)).toEqual({});
    expect(validateTeamMember({ ...valid, pinCode: '1111' }, { members })).toEqual({
      pinCode: { key: 'form.unique' },
    });
  });

  it('D5.14 on edit the member’s own record is excluded from uniqueness', () => {
    const alexEdited = { displayName: 'ALEX', fullName: 'Alex Brown', pinCode: '1111', weight: 60 };
    expect(validateTeamMember(alexEdited, editingAlex)).toEqual({});
    expect(validateTeamMember(alexEdited, adding)).toEqual({
      displayName: { key: 'form.unique' },
      fullName: { key: 'form.unique' },
      pinCode: { key: 'form.unique' },
    });
    expect(validateTeamMember({ ...alexEdited, displayName: 'Sam' }, editingAlex)).toEqual({
      displayName: { key: 'form.unique' },
    });
  });

  it.each([
    ['', '', false],
    ['Jo', '', false],
    ['', 'Jo White', false],
    ['  ', 'Jo White', false],
    ['Jo', '  ', false],
    ['Jo', 'Jo White', true],
  ])('D5.15 save is disabled until both names are non-empty (%j, %j)', (displayName, fullName, expected) => {
    expect(canSaveTeamMember({ displayName, fullName })).toBe(expected);
  });
});

describe('team member zod schema', () => {
  it('D5.10 D5.12 D5.13 parses to trimmed values, a null empty PIN, a numeric weight and §3 defaults', () => {
    const parsed = teamMemberSchema(adding).parse({
      displayName: ' Jo ',
      fullName: ' Jo White ',
      pinCode: '  ',
      weight: ' 070 ',
    });
    expect(parsed).toEqual({
      displayName: 'Jo',
      fullName: 'Jo White',
      pinCode: null,
      weight: 70,
      status: TeamMemberStatus.ACTIVE,
      hasSettingsAccess: false,
      teamId: NONE_TEAM_ID,
    });
  });

  it('D5.11 D5.14 the schema reports the same errors as validateTeamMember', () => {
    const values = { displayName: 'alex', fullName: '', pinCode: '1111', weight: '101' };
    const result = teamMemberSchema(adding).safeParse(values);
    expect(fieldErrorsFromIssues(result.error?.issues ?? [])).toEqual(validateTeamMember(values, adding));
    expect(
      teamMemberSchema(editingAlex).safeParse({ ...values, fullName: 'Alex Brown', weight: 1 }).success,
    ).toBe(true);
  });

  it('D5.12 a PIN sent as null by the API is accepted as no PIN', () => {
    const parsed = teamMemberSchema(adding).parse({ ...valid, pinCode: null, status: 0, teamId: 2 });
    expect(parsed).toMatchObject({ pinCode: null, status: TeamMemberStatus.INACTIVE, teamId: 2 });
  });
});
