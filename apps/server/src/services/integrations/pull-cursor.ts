/**
 * Where a pull stopped (decision 0242): the last response's position, as the database wrote it (UTC,
 * microseconds: a JavaScript Date would drop them and a page could end inside a tie), and its id.
 */
export interface PullCursor {
  position: string;
  id: number;
}

const POSITION = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
const ID = /^[1-9]\d{0,9}$/;

/** O11.5 The cursor a page answers: base64url of `<position>|<id>`, opaque to the tool. */
export const encodePullCursor = (cursor: PullCursor): string =>
  Buffer.from(`${cursor.position}|${cursor.id}`, 'utf8').toString('base64url');

/** O11.5 A cursor this API made, or null (anything else: 400 10009 on `cursor`). */
export function decodePullCursor(raw: string): PullCursor | null {
  if (!/^[A-Za-z0-9_-]{1,200}$/.test(raw)) return null;
  const [position = '', id = '', ...rest] = Buffer.from(raw, 'base64url').toString('utf8').split('|');
  if (rest.length > 0 || !POSITION.test(position) || !ID.test(id) || Number(id) > 2_147_483_647) return null;
  // A real instant, written as the database writes it (the SQL reads it back as timestamptz).
  const at = new Date(`${position.slice(0, 19)}Z`);
  if (Number.isNaN(at.getTime()) || at.toISOString().slice(0, 19) !== position.slice(0, 19)) return null;
  const cursor = { position, id: Number(id) };
  // The canonical text only: one position has one cursor.
  return encodePullCursor(cursor) === raw ? cursor : null;
}
