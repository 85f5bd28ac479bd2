import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { required } from './shared';
import { errorFromIssue, fieldErrorsFromIssues, fieldSchema, textInput } from './zod';

describe('zod bridge of the shared messages', () => {
  it('G5.12 a custom issue carries the catalogue key as message and the values as params', () => {
    const schema = fieldSchema((value) =>
      value.length > 2 ? { key: 'form.maxChars', params: { count: 2 } } : null,
    );
    const issue = schema.safeParse('abc').error?.issues[0];
    expect(issue).toMatchObject({ code: 'custom', message: 'form.maxChars', params: { count: 2 } });
    expect(issue && errorFromIssue(issue)).toEqual({ key: 'form.maxChars', params: { count: 2 } });
  });

  it('G5.12 a wrong type or a missing field reads as form.required', () => {
    expect(fieldSchema(required).safeParse(undefined).error?.issues[0]?.message).toBe('form.required');
    const result = z.object({ name: textInput.pipe(z.string()) }).safeParse({});
    expect(fieldErrorsFromIssues(result.error?.issues ?? [])).toEqual({ name: { key: 'form.required' } });
  });

  it('G5.13 zod’s own string-length issues map to form.minChars/maxChars; the first issue of a field wins', () => {
    const schema = z.object({ a: z.string().min(3).max(4), b: z.string().max(1), c: z.number() });
    const result = schema.safeParse({ a: 'x', b: 'yy', c: 'z' });
    expect(fieldErrorsFromIssues(result.error?.issues ?? [])).toEqual({
      a: { key: 'form.minChars', params: { count: 3 } },
      b: { key: 'form.maxChars', params: { count: 1 } },
      c: { key: 'form.required' },
    });
  });
});
