import { describe, expect, it } from 'vitest';
import { staffFigures, staffTagLabel, topTags } from './team';

describe('O7.5 a member’s figures', () => {
  it.each([
    [{ chosen: 0, csatSum: 0, csatCount: 0, npsSum: 0, npsCount: 0 }, null, null, true],
    [{ chosen: 4, csatSum: 300, csatCount: 4, npsSum: 35, npsCount: 4 }, 75, 8.8, true],
    [{ chosen: 5, csatSum: 200, csatCount: 3, npsSum: 9, npsCount: 1 }, 66.7, 9, false],
  ])('%o: CSAT %s, recommend %s, low sample %s', (sums, csat, nps, lowSample) => {
    expect(staffFigures(sums)).toEqual({
      chosen: sums.chosen,
      csat: { score: csat, count: sums.csatCount },
      nps: { mean: nps, count: sums.npsCount },
      lowSample,
    });
  });
});

describe('O7.7 a tag’s label', () => {
  const survey = [
    { id: 1, text: 'Friendly' },
    { id: 2, text: 'Quick' },
  ];
  it.each([
    [1, [], 'Friendly'],
    [1, [{ id: 1, text: 'Funny' }], 'Funny'],
    [2, [{ id: 1, text: 'Funny' }], null], // the member's own tags replace the survey's (G4.51)
    [3, [], null],
  ] as const)('tag %s of a member with tags %o is %s', (id, member, label) => {
    expect(staffTagLabel(id, member, survey)).toBe(label);
  });
});

describe('O7.6 the tags given most', () => {
  it('merges one label, drops none given and keeps the top three', () => {
    expect(
      topTags([
        { id: 2, label: 'Quick', count: 3 },
        { id: 1, label: 'Friendly', count: 3 },
        { id: 5, label: 'Friendly', count: 1 },
        { id: 9, label: null, count: 2 },
        { id: 3, label: 'Kind', count: 1 },
        { id: 4, label: 'Calm', count: 0 },
      ]),
    ).toEqual([
      { id: 1, label: 'Friendly', count: 4 },
      { id: 2, label: 'Quick', count: 3 },
      { id: 9, label: null, count: 2 },
    ]);
  });
});
