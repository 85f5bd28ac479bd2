import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  idleMenuSearch,
  type MenuSearchEvent,
  menuCacheLookup,
  menuCacheStore,
  menuDownloadResult,
  menuSearchReducer,
} from './menu-loading';

describe('menu product loading', () => {
  it('D4.47 products are cached per key and never fetched again', () => {
    const empty = {};
    expect(menuCacheLookup(empty, 'food')).toEqual({ hit: false });
    const cache = menuCacheStore(empty, 'food', ['chips']);
    expect(menuCacheLookup(cache, 'food')).toEqual({ hit: true, value: ['chips'] });
    expect(menuCacheStore(cache, 'food', ['other'])).toBe(cache);
    expect(menuCacheLookup(cache, 'drink')).toEqual({ hit: false });
    expect(menuCacheLookup(cache, 'toString')).toEqual({ hit: false });
  });

  it('D4.48 a search while one runs waits; the latest waiting value runs when the first finishes', () => {
    const events: MenuSearchEvent[] = [
      { type: 'search', value: 'chi' },
      { type: 'search', value: 'chic' },
      { type: 'search', value: 'chick' },
      { type: 'finished' },
      { type: 'finished' },
    ];
    const starts: (string | null)[] = [];
    let state = idleMenuSearch;
    for (const event of events) {
      const result = menuSearchReducer(state, event);
      starts.push(result.start);
      state = result.state;
    }
    expect(starts).toEqual(['chi', null, null, 'chick', null]);
    expect(state).toEqual(idleMenuSearch);
  });

  it('D4.48 the last value searched for is always the last search run (property)', () => {
    const event = fc.oneof(
      fc.record({ type: fc.constant('search' as const), value: fc.string({ minLength: 1, maxLength: 4 }) }),
      fc.constant({ type: 'finished' as const }),
    );
    fc.assert(
      fc.property(fc.array(event, { minLength: 1 }), (events) => {
        let state = idleMenuSearch;
        const started: string[] = [];
        for (const e of [...events]) {
          const result = menuSearchReducer(state, e);
          if (result.start !== null) started.push(result.start);
          state = result.state;
        }
        // let every running search finish
        while (state.running !== null) {
          const result = menuSearchReducer(state, { type: 'finished' });
          if (result.start !== null) started.push(result.start);
          state = result.state;
        }
        const searched = events.filter((e) => e.type === 'search').map((e) => e.value);
        expect(started.at(-1)).toBe(searched.at(-1));
        expect(started.length).toBeLessThanOrEqual(searched.length);
      }),
    );
  });

  it.each([
    [
      [
        { ok: true as const, items: [1, 2] },
        { ok: true as const, items: [3] },
      ],
      { ok: true, items: [1, 2, 3] },
    ],
    [[{ ok: true as const, items: [1, 2] }, { ok: false as const }], { ok: false }],
    [[], { ok: true, items: [] }],
  ])('D4.49 a menu download of pages %j gives %j (an error aborts the whole download)', (pages, expected) => {
    expect(menuDownloadResult<number>(pages)).toEqual(expected);
  });
});
