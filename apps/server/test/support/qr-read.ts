import jsQR from 'jsqr';
import * as pdfjs from 'pdfjs-dist/legacy/build/pdf.mjs';
import sharp from 'sharp';

/** Pixels as jsQR reads them: RGBA, row by row. */
export interface Pixels {
  data: Uint8ClampedArray;
  width: number;
  height: number;
}

/** The text of the one QR code in the pixels, or null when none is found (jsQR, a real decoder). */
export function decodeQr({ data, width, height }: Pixels): string | null {
  return jsQR(data, width, height)?.data ?? null;
}

/** An image file (PNG, SVG…) decoded by sharp into pixels; SVG rendered at `density` DPI. */
export async function imagePixels(bytes: Buffer | string, density = 150): Promise<Pixels> {
  const { data, info } = await sharp(typeof bytes === 'string' ? Buffer.from(bytes) : bytes, { density })
    .flatten({ background: '#ffffff' })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return {
    data: new Uint8ClampedArray(data.buffer, data.byteOffset, data.length),
    width: info.width,
    height: info.height,
  };
}

/** The part of the pixels inside a rectangle. */
export function crop(
  pixels: Pixels,
  box: { left: number; top: number; width: number; height: number },
): Pixels {
  const data = new Uint8ClampedArray(box.width * box.height * 4);
  for (let row = 0; row < box.height; row += 1) {
    const from = ((box.top + row) * pixels.width + box.left) * 4;
    data.set(pixels.data.subarray(from, from + box.width * 4), row * box.width * 4);
  }
  return { data, width: box.width, height: box.height };
}

/** pdf.js's canvas factory in Node (typed as Object by pdf.js): a @napi-rs/canvas and its 2D context. */
interface NodeCanvasFactory {
  create(width: number, height: number): { canvas: HTMLCanvasElement; context: CanvasRenderingContext2D };
}

export interface RenderedPage {
  /** The page's lines of text in drawing order: neighbouring text items at one height joined. */
  text: string[];
  pixels: Pixels;
}

/**
 * A PDF as a reader sees it: Mozilla's pdf.js parses it (a file it cannot read throws) and renders every
 * page at `scale` (1 = 72 DPI) on its Node canvas (@napi-rs/canvas, its own dependency).
 */
export async function renderPdf(bytes: Buffer, scale = 2): Promise<{ pages: RenderedPage[]; title: string }> {
  const document = await pdfjs.getDocument({ data: new Uint8Array(bytes), isEvalSupported: false }).promise;
  try {
    const { info } = (await document.getMetadata()) as { info: { Title?: string } };
    const pages: RenderedPage[] = [];
    for (let number = 1; number <= document.numPages; number += 1) {
      const page = await document.getPage(number);
      const content = await page.getTextContent();
      const viewport = page.getViewport({ scale });
      const factory = document.canvasFactory as NodeCanvasFactory;
      const { canvas, context } = factory.create(viewport.width, viewport.height);
      await page.render({ canvasContext: context, viewport, canvas }).promise;
      const image = context.getImageData(0, 0, viewport.width, viewport.height);
      pages.push({
        text: linesOf(content.items),
        pixels: { data: new Uint8ClampedArray(image.data), width: image.width, height: image.height },
      });
    }
    return { pages, title: info.Title ?? '' };
  } finally {
    await document.destroy();
  }
}

/** Text items joined into lines: an item drawn at another height than the last starts a new line. */
function linesOf(items: readonly object[]): string[] {
  const lines: { y: number; text: string }[] = [];
  for (const item of items) {
    if (!('str' in item) || !('transform' in item)) continue;
    const { str, transform } = item as { str: string; transform: number[] };
    if (str === '') continue;
    const y = Math.round(transform[5] ?? 0);
    const last = lines.at(-1);
    if (last && last.y === y) last.text += str;
    else lines.push({ y, text: str });
  }
  return lines.map((line) => line.text);
}
