import { describe, expect, it } from 'vitest';
import {
  canSaveService,
  type ExperienceService,
  hasUnsavedServiceAnswers,
  initialServicesState,
  isServiceAnswered,
  type ServicesAction,
  type ServicesState,
  servicesReducer,
} from './services-modal';

const services: ExperienceService[] = [
  {
    id: 'bar',
    subQuestions: [
      { id: 'speed', required: true },
      { id: 'drinks', required: true },
      { id: 'note', required: false },
    ],
  },
  { id: 'kitchen', subQuestions: [{ id: 'note', required: false }] },
];
const bar = services[0] as ExperienceService;
const run = (actions: ServicesAction[], from: ServicesState = initialServicesState()) =>
  actions.reduce((state, action) => servicesReducer(services, state, action), from);
const answer = (subQuestionId: string, value: unknown): ServicesAction => ({
  type: 'answer',
  subQuestionId,
  value,
});

describe('services modal', () => {
  it.each([
    [undefined, false],
    [null, false],
    ['', false],
    ['   ', false],
    [[], false],
    ['ok', true],
    [0, true],
    [false, true],
    [[1], true],
  ])('G4.59 %j counts as an answer: %s', (value, answered) => {
    expect(isServiceAnswered(value)).toBe(answered);
  });

  it.each([
    [{}, false],
    [{ speed: 4 }, false],
    [{ speed: 4, drinks: [] }, false],
    [{ speed: 4, drinks: [2] }, true],
    [{ speed: 4, drinks: [2], note: '' }, true],
  ])('G4.59 answers %j: Save enabled %s', (answers, enabled) => {
    expect(canSaveService(bar, answers)).toBe(enabled);
    const state = run([
      { type: 'open', serviceId: 'bar' },
      ...Object.entries(answers).map(([k, v]) => answer(k, v)),
      { type: 'save' },
    ]);
    expect(state.modal === null).toBe(enabled);
  });

  it('G4.59 a service without required sub-questions saves empty', () => {
    expect(run([{ type: 'open', serviceId: 'kitchen' }, { type: 'save' }])).toEqual({
      answers: { kitchen: {} },
      modal: null,
    });
  });

  it('G4.58 closing with answers asks Close or Cancel; Close clears them, Cancel keeps them', () => {
    const typed = run([{ type: 'open', serviceId: 'bar' }, answer('speed', 3)]);
    expect(hasUnsavedServiceAnswers(typed)).toBe(true);
    const asking = run([{ type: 'close' }], typed);
    expect(asking.modal?.confirmingClose).toBe(true);
    expect(run([answer('note', 'ignored')], asking)).toBe(asking);
    expect(run([{ type: 'cancelClose' }], asking).modal).toEqual(typed.modal);
    const closed = run([{ type: 'confirmClose' }], asking);
    expect(closed).toEqual(initialServicesState());
    expect(run([{ type: 'open', serviceId: 'bar' }], closed).modal?.draft).toEqual({});
  });

  it('G4.58 answers saved with Save survive a later close; only the new ones are cleared', () => {
    const saved = run([
      { type: 'open', serviceId: 'bar' },
      answer('speed', 3),
      answer('drinks', [1]),
      { type: 'save' },
    ]);
    expect(run([{ type: 'open', serviceId: 'bar' }, { type: 'close' }], saved)).toEqual(saved);
    const changed = run([{ type: 'open', serviceId: 'bar' }, answer('speed', 5), { type: 'close' }], saved);
    expect(changed.modal?.confirmingClose).toBe(true);
    expect(run([{ type: 'confirmClose' }], changed)).toEqual(saved);
  });

  it('G4.58 closing an empty modal closes at once; an unknown service does not open', () => {
    expect(
      run([{ type: 'open', serviceId: 'bar' }, answer('note', '  '), { type: 'close' }]).modal,
    ).toBeNull();
    expect(run([{ type: 'open', serviceId: 'spa' }]).modal).toBeNull();
  });
});
