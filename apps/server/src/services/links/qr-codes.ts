import QRCode from 'qrcode';
import sharp from 'sharp';

/**
 * Quartile error correction (a quarter of the code may be lost): a card on a table gets wet, creased and
 * scratched, and a link of ~80 characters still fits a 37×37 code that a phone reads from a metre.
 */
const ERROR_CORRECTION = 'Q';
/** The quiet zone the QR specification asks for around the code, in modules. */
export const QUIET_ZONE = 4;

/** The code as an SVG document: scalable for print, black on white, its quiet zone included. */
export function qrSvg(text: string): Promise<string> {
  return QRCode.toString(text, { type: 'svg', errorCorrectionLevel: ERROR_CORRECTION, margin: QUIET_ZONE });
}

/**
 * The code as a PNG of exactly `size` pixels square: drawn at a whole number of pixels per module (crisp
 * edges, nothing for a camera to guess), the few pixels left over added to the white quiet zone.
 */
export async function qrPng(text: string, size: number): Promise<Buffer> {
  const modules =
    QRCode.create(text, { errorCorrectionLevel: ERROR_CORRECTION }).modules.size + 2 * QUIET_ZONE;
  const scale = Math.max(1, Math.floor(size / modules));
  const drawn = await QRCode.toBuffer(text, {
    type: 'png',
    errorCorrectionLevel: ERROR_CORRECTION,
    margin: QUIET_ZONE,
    scale,
  });
  const spare = Math.max(0, size - modules * scale);
  const before = Math.floor(spare / 2);
  return sharp(drawn)
    .extend({
      top: before,
      left: before,
      bottom: spare - before,
      right: spare - before,
      background: '#ffffff',
    })
    .png({ palette: true })
    .toBuffer();
}

/**
 * The dark modules of the code as rows of runs (`[x, length]` per row, the quiet zone not included), for
 * a drawing that is not an image (the table cards' vector PDF).
 */
export function qrRuns(text: string): { size: number; rows: [number, number][][] } {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: ERROR_CORRECTION });
  const rows: [number, number][][] = [];
  for (let y = 0; y < modules.size; y += 1) {
    const runs: [number, number][] = [];
    for (let x = 0; x < modules.size; x += 1) {
      if (!modules.get(y, x)) continue;
      const last = runs.at(-1);
      if (last && last[0] + last[1] === x) last[1] += 1;
      else runs.push([x, 1]);
    }
    rows.push(runs);
  }
  return { size: modules.size, rows };
}
