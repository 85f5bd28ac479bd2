import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readAddress } from '../checkin/address';
import { branchForSlug } from '../checkin/checkin-state';
import { isReservedSegment } from '../checkin/routes';
import { urlParamsOfAddress } from '../checkin/url-params';
import { Language } from '../enums';
import {
  guestLink,
  readTableNumber,
  readTables,
  TABLE_CARD_TEXTS,
  TABLE_CARDS_MAX,
  tableCardLanguage,
  tableCardPages,
} from './links';

/** What the guest app reads from a link: the address's kept parameters (G2, G3). */
function guestReading(link: string) {
  const url = new URL(link);
  const reading = readAddress(url.pathname, url.search);
  if (reading.kind !== 'venue') throw new Error(`not a venue address: ${link}`);
  return urlParamsOfAddress(reading.address);
}

describe('guest links (O4.1–O4.3)', () => {
  it.each([
    [{ slug: 'demo-bistro', branchId: 1 }, 'https://feedback.example.com/demo-bistro?branchId=1'],
    [
      { slug: 'demo-bistro', branchId: 2, table: 12 },
      'https://feedback.example.com/demo-bistro?branchId=2&tableId=12',
    ],
    [
      { slug: 'demo-bistro', branchId: 2, table: 12, source: 'qr' as const },
      'https://feedback.example.com/demo-bistro?branchId=2&urlSrc=qr&tableId=12',
    ],
    [{ slug: 'café & bar', branchId: 3 }, 'https://feedback.example.com/caf%C3%A9%20%26%20bar?branchId=3'],
  ])('O4.1 O4.2 O4.3 %o → %s', (target, link) => {
    expect(guestLink({ origin: 'https://feedback.example.com', ...target })).toBe(link);
  });

  it('O4.1 O4.2 the guest app reads back the slug, the branch its branchId picks and the table', () => {
    const branches = [1, 2, 3].map((id) => ({ id, name: `Branch ${id}` }));
    fc.assert(
      fc.property(
        // A slug is never one of the app's own screens (G2.1): the guest could not reach it.
        fc
          .stringMatching(/^[A-Za-z0-9][A-Za-z0-9 ._~%&é-]{0,30}$/)
          .filter((slug) => !isReservedSegment(slug.trim())),
        fc.constantFrom(1, 2, 3),
        fc.option(fc.integer({ min: 1, max: 9999 }), { nil: undefined }),
        fc.boolean(),
        (slug, branchId, table, scanned) => {
          const link = guestLink({
            origin: 'http://localhost:8080',
            slug,
            branchId,
            table,
            ...(scanned ? { source: 'qr' as const } : {}),
          });
          const { params, ignored } = guestReading(link);
          expect(ignored).toEqual([]);
          expect(params.slug).toBe(slug.trim());
          expect(params.tableId).toBe(table === undefined ? undefined : String(table));
          expect(params.urlSrc).toBe(scanned ? 'qr' : undefined);
          const choice = branchForSlug(branches as never, params.branchId);
          expect(choice).toEqual({ ok: true, branch: branches[branchId - 1] });
        },
      ),
    );
  });
});

describe('table numbers and lists (O4.2, O4.4)', () => {
  it.each([
    ['12', 12],
    [' 7 ', 7],
    ['007', 7],
    ['9999', 9999],
    ['0', 'links.tableOutOfRange'],
    ['10000', 'links.tableOutOfRange'],
    ['', 'links.tablesInvalid'],
    ['12a', 'links.tablesInvalid'],
    ['-3', 'links.tablesInvalid'],
    ['1.5', 'links.tablesInvalid'],
  ])('O4.2 table %j → %j', (text, expected) => {
    expect(readTableNumber(text)).toBe(expected);
  });

  it.each([
    ['1-20', Array.from({ length: 20 }, (_, i) => i + 1)],
    ['5', [5]],
    ['1-4, 8, 12-14', [1, 2, 3, 4, 8, 12, 13, 14]],
    ['8, 1-3, 2', [1, 2, 3, 8]],
    ['3-3', [3]],
    [`1-${TABLE_CARDS_MAX}`, Array.from({ length: TABLE_CARDS_MAX }, (_, i) => i + 1)],
  ])('O4.4 %s → ascending, each once', (text, tables) => {
    expect(readTables(text)).toEqual({ ok: true, tables });
  });

  it.each([
    ['', 'links.tablesInvalid'],
    ['1,,2', 'links.tablesInvalid'],
    ['1-2-3', 'links.tablesInvalid'],
    ['20-1', 'links.tablesInvalid'],
    ['1-x', 'links.tablesInvalid'],
    ['0-4', 'links.tableOutOfRange'],
    ['1-10000', 'links.tableOutOfRange'],
    [`1-${TABLE_CARDS_MAX + 1}`, 'links.tablesTooMany'],
    [`1-${TABLE_CARDS_MAX}, 9999`, 'links.tablesTooMany'],
    ['1-9999', 'links.tablesTooMany'],
  ])('O4.4 %j is refused: %s', (text, fault) => {
    expect(readTables(text)).toEqual({ ok: false, fault });
  });

  it('O4.5 four cards to an A4 page', () => {
    expect([1, 4, 5, 8, 9, 20, 200].map(tableCardPages)).toEqual([1, 1, 2, 2, 3, 5, 50]);
  });
});

describe('table card language (O4.6)', () => {
  it.each([
    ['en-gb', 'en-gb'],
    ['en-US', 'en-gb'],
    ['de', 'de'],
    ['de-AT', 'de'],
    ['it_IT', 'it'],
    ['es', 'es'],
    ['fr', 'en-gb'],
    ['', 'en-gb'],
  ])('O4.6 a survey in %j gets cards in %s', (locale, language) => {
    expect(tableCardLanguage(locale)).toBe(language);
  });

  it('O4.6 every language of the guest app has the card texts, each its own', () => {
    expect(Object.keys(TABLE_CARD_TEXTS).sort()).toEqual([...Language].sort());
    const scans = Object.values(TABLE_CARD_TEXTS).map((t) => t.scan);
    expect(new Set(scans).size).toBe(Language.length);
  });
});
