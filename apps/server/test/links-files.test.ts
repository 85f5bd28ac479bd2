import { guestLink, TABLE_CARD_TEXTS } from '@venue-voice/domain';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { qrPng, qrSvg } from '../src/services/links/qr-codes';
import { type TableCard, tableCardsPdf } from '../src/services/links/table-cards';
import { crop, decodeQr, imagePixels, type Pixels, renderPdf } from './support/qr-read';

const ORIGIN = 'https://feedback.example.com';

const card = (table: number, slug = 'demo-bistro'): TableCard => ({
  table,
  scanUrl: guestLink({ origin: ORIGIN, slug, branchId: 1, table, source: 'qr' }),
  typedUrl: guestLink({ origin: ORIGIN, slug, branchId: 1, table }),
});

/** The four A6 quarters of a rendered A4 page, in reading order. */
const quarters = (page: Pixels): Pixels[] => {
  const width = Math.floor(page.width / 2);
  const height = Math.floor(page.height / 2);
  return [0, 1, 2, 3].map((i) =>
    crop(page, { left: (i % 2) * width, top: Math.floor(i / 2) * height, width, height }),
  );
};

describe('QR codes (O4.3)', () => {
  const link = guestLink({ origin: ORIGIN, slug: 'demo-bistro', branchId: 2, table: 12, source: 'qr' });

  it('the SVG, rendered, reads back as the link: a scalable square with its quiet zone', async () => {
    const svg = await qrSvg(link);
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" viewBox="0 0 (\d+) \1"/);
    expect(svg).not.toMatch(/<script|href=/i);
    expect(decodeQr(await imagePixels(svg))).toBe(link);
  });

  it.each([128, 1024])('the PNG of %i pixels reads back as the link', async (size) => {
    const png = await qrPng(link, size);
    const meta = await sharp(png).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', size, size]);
    expect(decodeQr(await imagePixels(png))).toBe(link);
  });
});

describe('table cards PDF (O4.5, O4.6)', () => {
  it('five tables: two A4 pages of four cards, each card the venue, the words, its QR code (read back) and its number', async () => {
    const cards = [1, 2, 3, 4, 5].map((table) => card(table));
    const pdf = await tableCardsPdf({ venue: 'Demo Bistro Soho', language: 'en-gb', cards });
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const { pages, title } = await renderPdf(pdf, 1.5);
    expect(title).toBe('Demo Bistro Soho: Table 1–5');
    expect(pages).toHaveLength(2);
    // A4 (595.28 × 841.89 points) at 108 DPI, pdf.js rounding down.
    expect([pages[0]?.pixels.width, pages[0]?.pixels.height]).toEqual([892, 1262]);

    const perPage = pages.map((page) => ({
      venues: page.text.filter((t) => t === 'Demo Bistro Soho').length,
      scans: page.text.filter((t) => t === 'Scan to tell us about your visit').length,
      tables: page.text.filter((t) => /^Table \d+$/.test(t)),
      links: page.text.filter((t) => t.startsWith(ORIGIN)),
      codes: quarters(page.pixels).map(decodeQr),
    }));
    expect(perPage).toEqual([
      {
        venues: 4,
        scans: 4,
        tables: ['Table 1', 'Table 2', 'Table 3', 'Table 4'],
        links: [1, 2, 3, 4].map((t) => card(t).typedUrl),
        codes: [1, 2, 3, 4].map((t) => card(t).scanUrl),
      },
      {
        venues: 1,
        scans: 1,
        tables: ['Table 5'],
        links: [card(5).typedUrl],
        codes: [card(5).scanUrl, null, null, null],
      },
    ]);
  });

  it.each([
    ['de', 'Scannen Sie den Code und', 'Tisch 7'],
    ['it', 'Inquadra il codice', 'Tavolo 7'],
    ['es', 'Escanea el código', 'Mesa 7'],
  ] as const)('in %s: its words and table label', async (language, scanStart, label) => {
    const pdf = await tableCardsPdf({ venue: 'Demo Bistro', language, cards: [card(7)] });
    const { pages } = await renderPdf(pdf, 1);
    expect(pages[0]?.text.some((line) => line.startsWith(scanStart))).toBe(true);
    expect(TABLE_CARD_TEXTS[language].scan.startsWith(scanStart)).toBe(true);
    expect(pages[0]?.text).toContain(label);
  });

  it('a Central European name is printed whole (the brand font’s second file); an overlong one is cut with an ellipsis', async () => {
    const long = 'The Very Long Name of a Grand Brasserie on the Corner of Two Streets';
    const pdf = await tableCardsPdf({
      venue: 'Łódź Piwnica Świdnicka',
      language: 'en-gb',
      cards: [card(1)],
    });
    expect((await renderPdf(pdf, 1)).pages[0]?.text).toContain('Łódź Piwnica Świdnicka');
    const cut = await renderPdf(await tableCardsPdf({ venue: long, language: 'en-gb', cards: [card(1)] }), 1);
    const venueLine = cut.pages[0]?.text.find((t) => t.startsWith('The Very'));
    expect(venueLine).toMatch(/^The Very Long Name of a .+…$/);
    expect(venueLine?.length).toBeLessThan(long.length);
  });
});
