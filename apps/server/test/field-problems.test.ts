import { ErrorCodes } from '@venue-voice/domain';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fieldProblemsError } from '../src/plugins/errors';
import { itemProblem } from '../src/routes/survey/survey.submit.batch-items';

const problem = (field: string, missing: boolean) => ({ field, in: 'body', message: 'Bad', missing });

describe('fieldProblemsError: the one 10008/10009 split (request schemas and batch items)', () => {
  it('10008 naming only the absent fields when any is absent', () => {
    const error = fieldProblemsError([problem('a', false), problem('b', true), problem('c', true)]);
    expect(error.code).toBe(ErrorCodes.PARAMETER_MISSING);
    expect(error.message).toBe('Missing parameter: b, c');
    expect(error.detail).toEqual({
      fields: [
        { field: 'b', in: 'body', message: 'Bad' },
        { field: 'c', in: 'body', message: 'Bad' },
      ],
    });
  });

  it('10009 naming every field when none is absent', () => {
    const error = fieldProblemsError([problem('a', false), problem('b', false)]);
    expect(error.code).toBe(ErrorCodes.PARAMETER_VALUE_INVALID);
    expect(error.message).toBe('Invalid value for: a, b');
    expect(error.detail).toEqual({
      fields: [
        { field: 'a', in: 'body', message: 'Bad' },
        { field: 'b', in: 'body', message: 'Bad' },
      ],
    });
  });
});

describe('itemProblem: a batch item named from items.<index>', () => {
  const item = z.object({ guid: z.string(), payload: z.object({ score: z.number() }) });
  const problemOf = (raw: unknown) => {
    const parsed = item.safeParse(raw);
    if (parsed.success) throw new Error('the item was valid');
    return itemProblem(2, raw, parsed.error);
  };

  it('an absent field is 10008, and only it is named', () => {
    const error = problemOf({ payload: { score: 'x' } });
    expect(error.code).toBe(ErrorCodes.PARAMETER_MISSING);
    expect(error.detail).toEqual({
      fields: [{ field: 'items.2.guid', in: 'body', message: expect.any(String) }],
    });
  });

  it('a value of the wrong type (null included) is 10009', () => {
    expect(problemOf({ guid: 'g', payload: { score: 'x' } }).detail).toEqual({
      fields: [{ field: 'items.2.payload.score', in: 'body', message: expect.any(String) }],
    });
    const nulled = problemOf({ guid: 'g', payload: null });
    expect(nulled.code).toBe(ErrorCodes.PARAMETER_VALUE_INVALID);
    expect(nulled.message).toBe('Invalid value for: items.2.payload');
  });

  it('names at most 10 issues of one item', () => {
    const wide = z.object(Object.fromEntries(Array.from({ length: 12 }, (_, i) => [`f${i}`, z.number()])));
    const raw = Object.fromEntries(Array.from({ length: 12 }, (_, i) => [`f${i}`, 'x']));
    const parsed = wide.safeParse(raw);
    if (parsed.success) throw new Error('the item was valid');
    expect((itemProblem(0, raw, parsed.error).detail as { fields: unknown[] }).fields).toHaveLength(10);
  });
});
