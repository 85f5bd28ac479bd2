import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { npsGroup } from './figures';
import {
  checkInboxQuery,
  decodeInboxCursor,
  encodeInboxCursor,
  excerptOf,
  INBOX_PAGE_DEFAULT,
  type InboxFault,
  type InboxFilter,
  type InboxQuery,
  inboxSearchParams,
  likePattern,
  npsBand,
} from './inbox';

const filterOf = (query: InboxQuery): InboxFilter => {
  const checked = checkInboxQuery(query);
  if ('faults' in checked) throw new Error(JSON.stringify(checked.faults));
  return checked.filter;
};
const faultsOf = (query: InboxQuery): Pick<InboxFault, 'field' | 'missing'>[] => {
  const checked = checkInboxQuery(query);
  return 'faults' in checked ? checked.faults.map(({ field, missing }) => ({ field, missing })) : [];
};
const bad = (field: keyof InboxQuery) => [{ field, missing: false }];
const needs = (field: keyof InboxQuery) => [{ field, missing: true }];

describe('an empty inbox query', () => {
  it('filters on nothing and pages by 25', () => {
    expect(filterOf({})).toEqual({
      period: null,
      branchId: null,
      surveyId: null,
      score: null,
      nps: null,
      csat: null,
      complaint: false,
      comment: false,
      photo: false,
      staffId: null,
      dish: null,
      language: null,
      source: null,
      q: null,
      cursor: null,
      limit: INBOX_PAGE_DEFAULT,
    });
  });

  it('treats empty values as not given (an address with ?branchId=)', () => {
    expect(filterOf({ branchId: '', q: '', nps: '' })).toEqual(filterOf({}));
  });
});

describe('O6.1 a period is from and to together, or neither', () => {
  it.each([
    [{ from: '2026-01-01', to: '2026-01-31' }, []],
    [{ from: '2026-01-01' }, needs('to')],
    [{ to: '2026-01-31' }, needs('from')],
  ] as const)('%o: %o', (query, faults) => {
    expect(faultsOf(query)).toEqual(faults);
  });

  it('hands the pair on as given (O5.10 checks the dates)', () => {
    expect(filterOf({ from: '2026-02-30', to: '2026-01-01' }).period).toEqual({
      from: '2026-02-30',
      to: '2026-01-01',
    });
  });
});

describe('O6.2 ids are whole numbers as written in an address', () => {
  it.each(['branchId', 'surveyId', 'staffId', 'indicatorId'] as const)('%s', (field) => {
    expect(filterOf({ [field]: '12' })[field === 'indicatorId' ? 'score' : field]).toEqual(
      field === 'indicatorId' ? { indicatorId: 12, min: null, max: null } : 12,
    );
    for (const value of ['0', '01', '-1', '1.0', '1e3', ' 1', 'x', '2147483648'])
      expect(faultsOf({ [field]: value })).toEqual(bad(field));
  });
});

describe('O6.3 a score band is of one indicator', () => {
  it.each([
    [
      { indicatorId: '1', scoreMin: '4', scoreMax: '5' },
      { indicatorId: 1, min: 4, max: 5 },
    ],
    [
      { indicatorId: '1', scoreMin: '4.5' },
      { indicatorId: 1, min: 4.5, max: null },
    ],
    [
      { indicatorId: '1', scoreMax: '-2' },
      { indicatorId: 1, min: null, max: -2 },
    ],
    [{ indicatorId: '1' }, { indicatorId: 1, min: null, max: null }],
  ])('%o is %o', (query, score) => {
    expect(filterOf(query).score).toEqual(score);
  });

  it.each([
    [{ scoreMin: '4' }, needs('indicatorId')],
    [{ scoreMax: '4' }, needs('indicatorId')],
    [{ indicatorId: '1', scoreMin: '5', scoreMax: '4' }, bad('scoreMax')],
    [{ indicatorId: '1', scoreMin: 'four' }, bad('scoreMin')],
    [{ indicatorId: '1', scoreMin: '1.234' }, bad('scoreMin')],
    [{ indicatorId: '1', scoreMax: 'NaN' }, bad('scoreMax')],
  ] as const)('%o is refused: %o', (query, faults) => {
    expect(faultsOf(query)).toEqual(faults);
  });
});

describe('O6.4 an NPS group is O5.1’s', () => {
  it.each(['promoter', 'passive', 'detractor'] as const)('%s', (group) => {
    expect(filterOf({ nps: group }).nps).toBe(group);
  });
  it.each(['Promoter', 'promoters', '9'])('%s is refused', (value) => {
    expect(faultsOf({ nps: value })).toEqual(bad('nps'));
  });
  it('bands hold exactly the scores of their group', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10 }), (score) => {
        const { min, below } = npsBand(npsGroup(score));
        expect(score >= min && (below === null || score < below)).toBe(true);
      }),
    );
  });
});

describe('O6.5 a CSAT band is whole numbers 0–100', () => {
  it.each([
    [{ csatMin: '80' }, { min: 80, max: 100 }],
    [{ csatMax: '20' }, { min: 0, max: 20 }],
    [
      { csatMin: '0', csatMax: '100' },
      { min: 0, max: 100 },
    ],
  ])('%o is %o', (query, csat) => {
    expect(filterOf(query).csat).toEqual(csat);
  });
  it.each([
    [{ csatMin: '101' }, bad('csatMin')],
    [{ csatMax: '-1' }, bad('csatMax')],
    [{ csatMin: '50.5' }, bad('csatMin')],
    [{ csatMin: '60', csatMax: '40' }, bad('csatMax')],
  ] as const)('%o is refused', (query, faults) => {
    expect(faultsOf(query)).toEqual(faults);
  });
});

describe('O6.6 complaint, comment and photo filter on true only', () => {
  it.each(['complaint', 'comment', 'photo'] as const)('%s', (field) => {
    expect(filterOf({ [field]: 'true' })[field]).toBe(true);
    for (const value of ['false', '1', 'yes', 'TRUE'])
      expect(faultsOf({ [field]: value })).toEqual(bad(field));
  });
});

describe('O6.7 dish, language, source and search', () => {
  it('takes a menu ref, one of the four languages, web or app', () => {
    expect(filterOf({ dish: 'P-1', language: 'de', source: 'app' })).toMatchObject({
      dish: 'P-1',
      language: 'de',
      source: 'app',
    });
  });
  it.each([
    [{ dish: ' ' }, bad('dish')],
    [{ dish: 'a\u0000b' }, bad('dish')],
    [{ language: 'fr' }, bad('language')],
    [{ language: 'EN-GB' }, bad('language')],
    [{ source: 'tablet' }, bad('source')],
    [{ q: 'ab' }, bad('q')],
    [{ q: '  ab  ' }, bad('q')],
    [{ q: 'x'.repeat(101) }, bad('q')],
    [{ q: 'ab\tc' }, bad('q')],
  ] as const)('%o is refused', (query, faults) => {
    expect(faultsOf(query)).toEqual(faults);
  });
  it('searches trimmed and lower-cased, 3 to 100 characters (emoji count as one)', () => {
    expect(filterOf({ q: '  Cold Chips ' }).q).toBe('cold chips');
    expect(filterOf({ q: '🍟🍟🍟' }).q).toBe('🍟🍟🍟');
    expect(filterOf({ q: 'x'.repeat(100) }).q).toHaveLength(100);
  });
  it.each([
    ['cold', '%cold%'],
    ['100%', '%100\\%%'],
    ['a_b', '%a\\_b%'],
    ['c:\\path', '%c:\\\\path%'],
    ['MiXeD', '%mixed%'],
  ])('the LIKE pattern of %s is %s', (q, pattern) => {
    expect(likePattern(q)).toBe(pattern);
  });
});

describe('O6.8 a row’s excerpt', () => {
  it.each([
    [null, null],
    ['   ', null],
    ['Lovely\n\nevening', 'Lovely evening'],
  ])('%o is %o', (body, excerpt) => {
    expect(excerptOf(body)).toBe(excerpt);
  });
  it('is at most 160 characters, cut at a word, with an ellipsis', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ minLength: 1, maxLength: 12 }), { maxLength: 60 }), (words) => {
        const body = words.join(' ');
        const excerpt = excerptOf(body);
        if (excerpt === null) return;
        expect(Array.from(excerpt).length).toBeLessThanOrEqual(160);
        const line = body.replace(/\s+/g, ' ').trim();
        if (Array.from(line).length <= 160) expect(excerpt).toBe(line);
        else expect(line.startsWith(excerpt.slice(0, -1))).toBe(true);
      }),
    );
  });
});

describe('O6.9 the cursor and the page size', () => {
  it('a cursor gives back its visit time and id, whatever the text', () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 40 }).filter((s) => !/\p{Cc}/u.test(s)),
        fc.integer({ min: 1, max: 2_147_483_647 }),
        (visitDatetime, id) => {
          const raw = encodeInboxCursor({ visitDatetime, id });
          expect(raw).toMatch(/^[A-Za-z0-9_-]+$/);
          expect(decodeInboxCursor(raw)).toEqual({ visitDatetime, id });
          expect(filterOf({ cursor: raw }).cursor).toEqual({ visitDatetime, id });
        },
      ),
    );
  });
  it.each([
    'not a cursor',
    'MjAyNi0wMS0wMSAxMDowMDowMHwxMg==', // padded base64
    `${encodeInboxCursor({ visitDatetime: '2026-01-01 10:00:00', id: 12 })}=`,
    Buffer.from('2026-01-01 10:00:00').toString('base64url'), // no id
    Buffer.from('2026-01-01 10:00:00|0').toString('base64url'),
    Buffer.from('2026-01-01 10:00:00|1.5').toString('base64url'),
  ])('%s is refused', (cursor) => {
    expect(faultsOf({ cursor })).toEqual(bad('cursor'));
  });
  it.each([
    ['1', 1],
    ['100', 100],
  ])('limit %s', (limit, value) => {
    expect(filterOf({ limit }).limit).toBe(value);
  });
  it.each(['0', '101', '-5', '2.5', 'ten'])('limit %s is refused', (limit) => {
    expect(faultsOf({ limit })).toEqual(bad('limit'));
  });
});

describe('every fault at once', () => {
  it('names each refused field', () => {
    expect(faultsOf({ nps: 'x', csatMin: '500', limit: '0', from: '2026-01-01' })).toEqual([
      { field: 'to', missing: true },
      { field: 'nps', missing: false },
      { field: 'csatMin', missing: false },
      { field: 'limit', missing: false },
    ]);
  });
});

describe('the address of a filter', () => {
  it('keeps the values given, in the query’s order', () => {
    expect(inboxSearchParams({ q: 'cold', branchId: '1', nps: '' }).toString()).toBe('branchId=1&q=cold');
  });
});
