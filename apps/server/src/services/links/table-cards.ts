import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { type Language, TABLE_CARD_TEXTS, TABLE_CARDS_PER_PAGE } from '@venue-voice/domain';
import type { Font } from 'fontkit';
import { QUIET_ZONE, qrRuns } from './qr-codes';

/** One card: its table number, the link its QR code holds and the link printed under it to type. */
export interface TableCard {
  table: number;
  scanUrl: string;
  typedUrl: string;
}

export interface TableCardSheet {
  /** The venue's name at the top of every card (the branch's name). */
  venue: string;
  language: Language;
  cards: TableCard[];
}

// A4 in points, cut into four A6 cards (O4.5).
const PAGE = { width: 595.28, height: 841.89 };
const CARD = { width: PAGE.width / 2, height: PAGE.height / 2 };
const PADDING = 28;
const TEXT_WIDTH = CARD.width - 2 * PADDING;
const QR_SIDE = 180;
const INK = '#111111';
const QUIET = '#666666';

/**
 * The brand font (docs/design.md: Poppins), from the same package the guest app self-hosts. Its files
 * are split by script: `latin` (Western European) first, `latin-ext` (Central European…) for the
 * characters the first lacks; a character neither has prints as an empty box, never as other text.
 */
const FONT_FILES = {
  regular: ['poppins-latin-400-normal.woff'],
  bold: ['poppins-latin-700-normal.woff', 'poppins-latin-ext-700-normal.woff'],
} as const;

type FontSet = { name: string; bytes: Buffer; font: Font }[];
let fonts: Promise<Record<keyof typeof FONT_FILES, FontSet>> | undefined;

/** Read once per process, on the first sheet (the server's start does not pay for it). */
function loadFonts() {
  fonts ??= (async () => {
    const { create } = await import('fontkit');
    const require = createRequire(import.meta.url);
    const load = (files: readonly string[]) =>
      Promise.all(
        files.map(async (file) => {
          const bytes = await readFile(require.resolve(`@fontsource/poppins/files/${file}`));
          return { name: file, bytes, font: create(bytes) as Font };
        }),
      );
    return { regular: await load(FONT_FILES.regular), bold: await load(FONT_FILES.bold) };
  })();
  return fonts;
}

/** The text cut into runs, each in the first font of the set that has its characters. */
function fontRuns(text: string, set: FontSet): { font: string; text: string }[] {
  return joinRuns(
    [...text].map((character) => {
      const codePoint = character.codePointAt(0) ?? 0;
      const font = (set.find((f) => f.font.hasGlyphForCodePoint(codePoint)) ?? set[0])?.name ?? '';
      return { font, text: character };
    }),
  );
}

/**
 * A sheet of table cards as a PDF: A4 pages of four A6 cards with cut lines, each card the venue's name,
 * "Scan to tell us about your visit" in the survey's language, the QR code (drawn, not an image: sharp
 * at any print size) with the link to type under it, and the table number (O4.5, O4.6).
 */
export async function tableCardsPdf(sheet: TableCardSheet): Promise<Buffer> {
  const [{ default: PDFDocument }, loaded] = await Promise.all([import('pdfkit'), loadFonts()]);
  const texts = TABLE_CARD_TEXTS[sheet.language];
  const doc = new PDFDocument({
    size: 'A4',
    margin: 0,
    autoFirstPage: false,
    lang: sheet.language,
    info: { Title: `${sheet.venue}: ${texts.table} ${rangeLabel(sheet.cards)}`, Creator: 'Venue Voice' },
  });
  for (const { name, bytes } of [...loaded.regular, ...loaded.bold]) doc.registerFont(name, bytes);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });

  const venue = fontRuns(sheet.venue.trim(), loaded.bold);
  for (let first = 0; first < sheet.cards.length; first += TABLE_CARDS_PER_PAGE) {
    doc.addPage();
    drawCutLines(doc);
    sheet.cards.slice(first, first + TABLE_CARDS_PER_PAGE).forEach((card, i) => {
      const x = (i % 2) * CARD.width;
      const y = Math.floor(i / 2) * CARD.height;
      drawCard(doc, { x, y }, card, { venue, texts, regular: loaded.regular[0]?.name ?? '' });
    });
    // A long sheet is made a page at a time, so other requests are answered in between.
    await nextTurn();
  }
  doc.end();
  await ended;
  return Buffer.concat(chunks);
}

type Doc = PDFKit.PDFDocument;

const rangeLabel = (cards: readonly TableCard[]) => {
  const first = cards[0]?.table;
  const last = cards.at(-1)?.table;
  return first === last ? `${first}` : `${first}–${last}`;
};

function drawCutLines(doc: Doc): void {
  doc.save().lineWidth(0.5).dash(4, { space: 4 }).strokeColor('#bbbbbb');
  doc.moveTo(CARD.width, 0).lineTo(CARD.width, PAGE.height).stroke();
  doc.moveTo(0, CARD.height).lineTo(PAGE.width, CARD.height).stroke();
  doc.restore();
}

function drawCard(
  doc: Doc,
  origin: { x: number; y: number },
  card: TableCard,
  style: { venue: { font: string; text: string }[]; texts: { scan: string; table: string }; regular: string },
): void {
  const left = origin.x + PADDING;
  drawFittedLine(doc, style.venue, { x: left, y: origin.y + 34, width: TEXT_WIDTH, size: 20, minSize: 10 });
  doc
    .font(style.regular)
    .fontSize(13)
    .fillColor(INK)
    .text(style.texts.scan, left, origin.y + 66, { width: TEXT_WIDTH, align: 'center', lineGap: 1 });

  // The code with its quiet zone, centred; each run of dark modules one rectangle.
  const { size, rows } = qrRuns(card.scanUrl);
  const module = QR_SIDE / (size + 2 * QUIET_ZONE);
  const qrLeft = origin.x + (CARD.width - QR_SIDE) / 2 + QUIET_ZONE * module;
  const qrTop = origin.y + 128 + QUIET_ZONE * module;
  rows.forEach((runs, row) => {
    for (const [column, length] of runs) {
      doc.rect(qrLeft + column * module, qrTop + row * module, length * module, module);
    }
  });
  doc.fillColor('#000000').fill();

  doc
    .font(style.regular)
    .fontSize(7)
    .fillColor(QUIET)
    .text(card.typedUrl, left, origin.y + 128 + QR_SIDE + 4, { width: TEXT_WIDTH, align: 'center' });
  drawFittedLine(doc, [{ font: FONT_FILES.bold[0], text: `${style.texts.table} ${card.table}` }], {
    x: left,
    y: origin.y + CARD.height - 82,
    width: TEXT_WIDTH,
    size: 34,
    minSize: 34,
  });
}

/**
 * One centred line in runs of fonts: the largest size from `size` down to `minSize` at which it fits
 * `width`, cut with an ellipsis if it does not fit even then.
 */
function drawFittedLine(
  doc: Doc,
  runs: { font: string; text: string }[],
  box: { x: number; y: number; width: number; size: number; minSize: number },
): void {
  const widthAt = (parts: typeof runs, size: number) =>
    parts.reduce((sum, run) => sum + doc.font(run.font).fontSize(size).widthOfString(run.text), 0);
  let size = box.size;
  while (size > box.minSize && widthAt(runs, size) > box.width) size -= 0.5;
  let parts = runs;
  if (widthAt(parts, size) > box.width) parts = cutToFit(runs, (p) => widthAt(p, size) <= box.width);
  let x = box.x + (box.width - widthAt(parts, size)) / 2;
  doc.fillColor(INK);
  for (const run of parts) {
    doc.font(run.font).fontSize(size).text(run.text, x, box.y, { lineBreak: false });
    x += doc.widthOfString(run.text);
  }
}

/** The longest start of the runs that, with an ellipsis, `fits`. */
function cutToFit(
  runs: { font: string; text: string }[],
  fits: (parts: { font: string; text: string }[]) => boolean,
): { font: string; text: string }[] {
  const characters = runs.flatMap((run) => [...run.text].map((text) => ({ font: run.font, text })));
  const ellipsis = { font: FONT_FILES.bold[0] as string, text: '…' };
  for (let keep = characters.length - 1; keep > 0; keep -= 1) {
    const parts = joinRuns([...characters.slice(0, keep), ellipsis]);
    if (fits(parts)) return parts;
  }
  return [ellipsis];
}

/** Neighbouring runs of one font as one. */
function joinRuns(parts: { font: string; text: string }[]): { font: string; text: string }[] {
  const runs: { font: string; text: string }[] = [];
  for (const part of parts) {
    const last = runs.at(-1);
    if (last?.font === part.font) last.text += part.text;
    else runs.push({ ...part });
  }
  return runs;
}
