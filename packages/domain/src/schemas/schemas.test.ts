import { describe, expect, it } from 'vitest';
import { IndicatorKind, QuestionType } from '../enums';
import {
  branchListingSchema,
  configResponseSchema,
  indicatorSchema,
  pinResultSchema,
  questionSchema,
  submitRequestSchema,
} from './index';

describe('entity schemas', () => {
  it('accepts exactly the values of an enumeration', () => {
    const base = { id: 1, name: 'Food', weight: 1, isRequired: true, trueMin: 1, trueMax: 5, csatWeight: 1 };
    expect(indicatorSchema.safeParse({ ...base, kind: IndicatorKind.CSAT }).success).toBe(true);
    expect(indicatorSchema.safeParse({ ...base, kind: 5 }).success).toBe(false);
    expect(indicatorSchema.safeParse({ ...base, kind: '1' }).success).toBe(false);
  });

  it('fills a question with the defaults of G3 (numberStars 5, ask always, no filters)', () => {
    const question = questionSchema.parse({
      id: 1,
      templateId: 1,
      sectionId: 's',
      questionType: QuestionType.OTHER,
      text: 'Q',
    });
    expect(question).toMatchObject({
      numberStars: 5,
      txAskQuestion: 0,
      contextFilters: [],
      weight: 50,
      required: false,
    });
    expect(
      questionSchema.safeParse({ id: 1, templateId: 1, sectionId: 's', questionType: 9, text: 'Q' }).success,
    ).toBe(false);
  });

  it('keeps unknown context filter types (they pass in G4)', () => {
    const question = questionSchema.parse({
      id: 1,
      templateId: 1,
      sectionId: 's',
      questionType: QuestionType.CONTEXT,
      text: 'Q',
      contextFilters: [{ type: 'moonPhase', direction: 'g', value: 1 }],
    });
    expect(question.contextFilters[0]?.type).toBe('moonPhase');
  });

  it('reads an overall-experience services list: sub-questions default optional, at least one each', () => {
    const base = { id: 1, templateId: 1, sectionId: 's', questionType: QuestionType.OTHER, text: 'Q' };
    const question = questionSchema.parse({
      ...base,
      services: [
        { id: 'food', name: 'Food', subQuestions: [{ id: 'score', label: 'How?', kind: 'rating' }] },
      ],
    });
    expect(question.services).toEqual([
      {
        id: 'food',
        name: 'Food',
        subQuestions: [{ id: 'score', label: 'How?', kind: 'rating', required: false, choices: [] }],
      },
    ]);
    expect(questionSchema.parse(base).services).toBeNull();
    expect(
      questionSchema.safeParse({ ...base, services: [{ id: 'food', name: 'Food', subQuestions: [] }] })
        .success,
    ).toBe(false);
    expect(
      questionSchema.safeParse({
        ...base,
        services: [{ id: 'food', name: 'Food', subQuestions: [{ id: 'x', label: 'X', kind: 'stars' }] }],
      }).success,
    ).toBe(false);
  });

  it('reads only the spec PIN result strings', () => {
    const lookup = { pinCode: '1', validData: false, dateTime: null, sourceType: null };
    expect(pinResultSchema.safeParse({ ...lookup, error: 'NO-BRANCH' }).success).toBe(true);
    expect(pinResultSchema.safeParse({ ...lookup, error: 'NOPE' }).success).toBe(false);
  });

  it('tells create from supplement and refuses a create without a uuid guid', () => {
    expect(submitRequestSchema.safeParse({ type: 'supplement', payload: { permitted: true } }).success).toBe(
      true,
    );
    expect(submitRequestSchema.safeParse({ type: 'create', payload: { guid: 'abc' } }).success).toBe(false);
    expect(submitRequestSchema.safeParse({ type: 'delete', payload: {} }).success).toBe(false);
  });

  it('accepts a config answer with only the requested edges', () => {
    const config = {
      core: {
        company: { keyName: 'demo', name: 'Demo' },
        schedules: [],
        features: { digitalReceipt: false },
      },
    };
    expect(configResponseSchema.parse(config)).toEqual(config);
  });

  it('refuses coordinates outside the globe', () => {
    const branch = {
      id: 1,
      name: 'B',
      locationId: null,
      siteId: null,
      hashCode: null,
      enableStaffPinCodes: true,
      address: null,
      distance: 0,
    };
    expect(branchListingSchema.safeParse({ ...branch, latitude: 51.5, longitude: -0.1 }).success).toBe(true);
    expect(branchListingSchema.safeParse({ ...branch, latitude: 91, longitude: 0 }).success).toBe(false);
  });
});
