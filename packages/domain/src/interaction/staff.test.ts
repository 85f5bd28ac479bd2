import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEMO_STAFF } from '../../../../apps/server/src/db/seed/demo-company';
import { DEMO_SURVEYS } from '../../../../apps/server/src/db/seed/demo-surveys';
import { StaffFollowUpType, StaffRenderType } from '../enums';
import { type StaffMember, staffMemberSchema } from '../schemas/staff';
import { staffAnswerSchema } from '../schemas/submit';
import {
  canFinishStaff,
  initialStaffState,
  type StaffAction,
  type StaffSelector,
  type StaffState,
  staffAnswer,
  staffFollowUps,
  staffReducer,
} from './staff';

const members: StaffMember[] = DEMO_STAFF.map((m) =>
  staffMemberSchema.parse({ ...m, hasPin: m.pinCode !== null, imageUrl: null, thumbnailUrl: null }),
);
const alex = members[0] as StaffMember;
const sam = members[1] as StaffMember;
const demoSelector = DEMO_SURVEYS[0]?.definition.staffSelector as StaffSelector;
const selector = (followup: StaffFollowUpType, followupRequired = false): StaffSelector => ({
  ...demoSelector,
  followup,
  followupRequired,
});
const run = (sel: StaffSelector, actions: StaffAction[], from: StaffState = initialStaffState()) =>
  actions.reduce((state, action) => staffReducer(sel, state, action), from);
const click = (member: StaffMember): StaffAction => ({ type: 'click', member });

describe('staff selection', () => {
  it('G4.50 without follow-ups a click toggles the member, one member at a time', () => {
    const none = selector(StaffFollowUpType.NONE);
    expect(run(none, [click(alex)]).selection?.staffId).toBe(alex.id);
    expect(run(none, [click(alex), click(sam)]).selection?.staffId).toBe(sam.id);
    expect(run(none, [click(alex), click(alex)]).selection).toBeNull();
    expect(run(none, [click(alex)]).modal).toBeNull();
  });

  it.each([
    [StaffFollowUpType.NONE, [], null, false],
    [StaffFollowUpType.TAGS, [], [1, 2, 3, 4], false],
    [StaffFollowUpType.TEXT, [], null, true],
    [StaffFollowUpType.BOTH, [], [1, 2, 3, 4], true],
    [StaffFollowUpType.BOTH, [{ id: 9, text: 'Funny' }], [9], true],
  ])('G4.51 follow-up type %i, member tags %j: tags %j, text %s', (type, tags, tagIds, text) => {
    const followUps = staffFollowUps(selector(type), { ...alex, tags });
    expect(followUps.tags?.map((t) => t.id) ?? null).toEqual(tagIds);
    expect(followUps.text).toBe(text);
  });

  it('G4.51 tags alone with no tag to choose ask nothing, so the click toggles', () => {
    const tagsOnly = { ...selector(StaffFollowUpType.TAGS), tags: [] };
    const state = run(tagsOnly, [click(alex)]);
    expect(state.modal).toBeNull();
    expect(state.selection?.staffId).toBe(alex.id);
  });

  it('G4.51 a member with follow-ups opens the modal instead of being selected', () => {
    const state = run(selector(StaffFollowUpType.BOTH), [click(alex)]);
    expect(state.selection).toBeNull();
    expect(state.modal?.staffId).toBe(alex.id);
  });

  it.each([
    // required, tags ticked, text, Done enabled
    [false, [], '', true],
    [true, [], '', false],
    [true, [1], '', false],
    [true, [], 'Lovely', false],
    [true, [1], '   ', false],
    [true, [1], 'Lovely', true],
  ])('G4.52 required %s with tags %j and text %j: Done enabled %s', (required, tags, text, enabled) => {
    const sel = selector(StaffFollowUpType.BOTH, required);
    const state = run(sel, [
      click(alex),
      ...tags.map((tagId): StaffAction => ({ type: 'toggleTag', tagId })),
      { type: 'setText', text },
    ]);
    expect(canFinishStaff(sel, state)).toBe(enabled);
    const after = run(sel, [{ type: 'done' }], state);
    expect(after.selection?.staffId ?? null).toBe(enabled ? alex.id : null);
  });

  it('G4.53 closing unsaved answers warns; confirm discards them, Cancel keeps the modal', () => {
    const sel = selector(StaffFollowUpType.BOTH);
    const saved = run(sel, [click(alex), { type: 'toggleTag', tagId: 2 }, { type: 'done' }]);
    const edited = run(sel, [click(alex), { type: 'setText', text: 'Great' }], saved);
    expect(edited.modal?.draft).toEqual({ tags: [2], text: 'Great' });
    const warned = run(sel, [{ type: 'close' }], edited);
    expect(warned.modal?.confirmingClose).toBe(true);
    expect(run(sel, [{ type: 'cancelClose' }], warned).modal).toEqual(edited.modal);
    expect(run(sel, [{ type: 'confirmClose' }], warned)).toEqual(saved);
    expect(run(sel, [click(alex), { type: 'close' }], saved)).toEqual(saved);
  });

  it('G4.54 Clear deselects the member and closes the modal', () => {
    const sel = selector(StaffFollowUpType.TEXT);
    const saved = run(sel, [click(alex), { type: 'setText', text: 'Hi' }, { type: 'done' }]);
    expect(run(sel, [click(alex), { type: 'clear' }], saved)).toEqual(initialStaffState());
    const other = run(sel, [click(sam), { type: 'clear' }], saved);
    expect(other.selection?.staffId).toBe(alex.id);
  });

  it('G4.52 a tag the modal does not offer cannot be ticked; text is ignored when not asked', () => {
    const sel = selector(StaffFollowUpType.TAGS);
    const state = run(sel, [click(alex), { type: 'toggleTag', tagId: 99 }, { type: 'setText', text: 'x' }]);
    expect(state.modal?.draft).toEqual({ tags: [], text: '' });
  });

  it.each([
    ['nothing chosen', StaffRenderType.SELECT, [], '', undefined],
    [
      'member with tags and text',
      StaffRenderType.SELECT,
      [click(alex), { type: 'toggleTag', tagId: 3 }, { type: 'setText', text: 'Kind' }, { type: 'done' }],
      '',
      {
        renderType: 1,
        staffId: alex.id,
        subQuestions: [
          { question_type: 'tags', answers: [3] },
          { question_type: 'text', answers: ['Kind'] },
        ],
      },
    ],
    ['text mode, blank', StaffRenderType.TEXT, [], '  ', undefined],
    ['text mode', StaffRenderType.TEXT, [], 'Sam was great', { renderType: 0, description: 'Sam was great' }],
  ] as const)('G4.57 staff answer: %s', (_name, renderType, actions, description, expected) => {
    const sel = { ...selector(StaffFollowUpType.BOTH), renderType };
    const answer = staffAnswer(sel, run(sel, [...actions]), description);
    expect(answer).toEqual(expected);
    if (answer) expect(staffAnswerSchema.parse(answer)).toEqual(answer);
  });

  it('G4.50 G4.52 law: at most one member is selected, and a selection always meets its required follow-ups', () => {
    const sel = selector(StaffFollowUpType.BOTH, true);
    const action: fc.Arbitrary<StaffAction> = fc.oneof(
      fc.constantFrom(...members.slice(0, 3)).map((member): StaffAction => ({ type: 'click', member })),
      fc.integer({ min: 1, max: 5 }).map((tagId): StaffAction => ({ type: 'toggleTag', tagId })),
      fc.constantFrom('', ' ', 'ok').map((text): StaffAction => ({ type: 'setText', text })),
      fc.constantFrom<StaffAction>(
        { type: 'done' },
        { type: 'clear' },
        { type: 'close' },
        { type: 'confirmClose' },
        { type: 'cancelClose' },
      ),
    );
    fc.assert(
      fc.property(fc.array(action, { maxLength: 30 }), (actions) => {
        let state = initialStaffState();
        for (const next of actions) {
          state = staffReducer(sel, state, next);
          if (state.selection) {
            expect(state.selection.answers.tags.length).toBeGreaterThan(0);
            expect(state.selection.answers.text.trim()).not.toBe('');
            expect(staffAnswerSchema.safeParse(staffAnswer(sel, state)).success).toBe(true);
          }
        }
      }),
    );
  });
});
