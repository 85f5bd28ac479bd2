import { describe, expect, it } from 'vitest';
import {
  brandingWithCompany,
  offeredLanguage,
  retentionDays,
  schedulesForBranch,
  tableEntryAt,
} from './guest-settings';

const company = { logoUrl: '/api/v1/uploads/logos/1/a.jpg', primaryColour: '#112233', accentColour: null };

describe('what guests and tablets get of the settings (O3.9–O3.13)', () => {
  it.each([
    ['no branding of its own', {}, { logoImage: company.logoUrl, primaryColour: '#112233' }],
    [
      'its own primary colour',
      { primaryColour: '#ff0000' },
      { logoImage: company.logoUrl, primaryColour: '#ff0000' },
    ],
    [
      'its own logo and font',
      { logoImage: '/own.png', font: 'Lato' },
      { logoImage: '/own.png', primaryColour: '#112233', font: 'Lato' },
    ],
    [
      'an undefined part',
      { primaryColour: undefined },
      { logoImage: company.logoUrl, primaryColour: '#112233' },
    ],
  ])('O3.9 a survey with %s', (_name, survey, branding) => {
    expect(brandingWithCompany(survey, company)).toEqual(branding);
  });

  it('O3.9 a company without branding adds nothing', () => {
    expect(
      brandingWithCompany(undefined, { logoUrl: null, primaryColour: null, accentColour: null }),
    ).toEqual({});
  });

  it.each([
    ['de', ['en-gb', 'de'], 'de'],
    ['de', ['it', 'en-gb'], 'it'],
    ['en-gb', ['en-gb', 'de', 'it', 'es'], 'en-gb'],
    ['fr', ['es'], 'es'],
    ['it', [], 'it'],
    ['it', undefined, 'it'],
    [undefined, undefined, 'en-gb'],
    ['de', ['xx'], 'de'],
  ] as const)('O3.10 survey in %s, company offers %j: %s', (locale, languages, served) => {
    expect(offeredLanguage(locale, languages)).toBe(served);
  });

  it.each([
    [true, true, true],
    [true, false, false],
    [true, null, true],
    [false, true, false],
  ])('O3.11 survey asks %s, branch takes %s: %s', (asks, takes, shown) => {
    expect(tableEntryAt(asks, takes)).toBe(shown);
  });

  it('O3.12 a branch schedule replaces the sync schedule only', () => {
    const companySchedules = [
      { what: 'sync', when: '20 5 * * *', spread: 1800 },
      { what: 'report', when: '0 6 * * 1', spread: 0 },
    ];
    expect(schedulesForBranch(companySchedules, null)).toEqual(companySchedules);
    expect(schedulesForBranch(companySchedules, { when: '0 3 * * *', spread: 600 })).toEqual([
      { what: 'report', when: '0 6 * * 1', spread: 0 },
      { what: 'sync', when: '0 3 * * *', spread: 600 },
    ]);
    expect(schedulesForBranch([], { when: '0 3 * * *', spread: 0 })).toEqual([
      { what: 'sync', when: '0 3 * * *', spread: 0 },
    ]);
  });

  it.each([
    [3, 3],
    [7, 7],
    [30, 7],
    [0, 1],
    [null, 7],
  ])('O3.13 company days %j: kept %s', (days, kept) => {
    expect(retentionDays(days)).toBe(kept);
  });
});
