import { describe, expect, it } from 'vitest';
import { CheckinPath, documentTitle, isCheckinPath, isKnownPath, RoutePath, routeTitle } from './routes';

describe('G2 route table', () => {
  it.each([
    [['titles.venue'], 'titles.venue'],
    [['titles.root', undefined, 'titles.questions'], 'titles.questions'],
    [['titles.root', 'titles.questions', null], 'titles.questions'],
    [['titles.root', ' '], 'titles.root'],
    [[undefined, null], undefined],
    [[], undefined],
  ])('G2.38 the deepest route meta title wins: %j', (titles, expected) => {
    expect(routeTitle(titles)).toBe(expected);
  });

  it.each([
    ['Survey', 'Venue Voice', 'Survey · Venue Voice'],
    [undefined, 'Venue Voice', 'Venue Voice'],
    ['  ', 'Venue Voice', 'Venue Voice'],
  ])('G2.38 the page title %j falls back to the app name', (title, app, expected) => {
    expect(documentTitle(title, app)).toBe(expected);
  });

  it('G2.1 every route of the table is known, nothing else is', () => {
    for (const path of [...Object.values(RoutePath), ...Object.values(CheckinPath)]) {
      expect(isKnownPath(path)).toBe(true);
    }
    expect(isKnownPath('/check_in')).toBe(false);
    expect(isKnownPath('/demo')).toBe(false);
    expect(isCheckinPath(CheckinPath.ABOUT_VISIT)).toBe(true);
    expect(isCheckinPath(RoutePath.QUESTIONS)).toBe(false);
  });
});
