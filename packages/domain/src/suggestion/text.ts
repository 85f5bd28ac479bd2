/**
 * Cleaning of text that ends up in a suggested review. Guest free text and venue-configured names are
 * copied, never interpreted: control characters and bidirectional overrides are removed (they could
 * hide or reorder what the guest sees), runs of white space become one space, and the length is capped.
 */

/** Longest quoted guest comment, in characters (longer comments are cut at a word and end with …). */
export const SUGGESTION_QUOTE_MAX = 280;
/** Longest name (indicator, dish, reason, staff member, tag) copied into the text. */
export const SUGGESTION_NAME_MAX = 80;
/** Longest suggested review text; sentences that would go past it are left out. */
export const SUGGESTION_TEXT_MAX = 1500;

// C0/C1 controls (including newlines and tabs, which become spaces first), bidi embeddings, overrides
// and isolates, the line and paragraph separators, and the byte-order mark.
const CONTROL = /[\p{Cc}\u202a-\u202e\u2066-\u2069\u2028\u2029\ufeff]/gu;
const SPACE_LIKE = /[\t\n\r\u2028\u2029]/g;

/** G7.12 Text as shown: no control characters, single spaces, trimmed. */
export function cleanText(raw: string): string {
  return raw.replace(SPACE_LIKE, ' ').replace(CONTROL, '').replace(/\s+/g, ' ').trim();
}

/** Cuts `text` to at most `max` characters, at a word boundary when one is near, ending with an ellipsis. */
export function capText(text: string, max: number): string {
  const chars = Array.from(text);
  if (chars.length <= max) return text;
  const cut = chars.slice(0, max - 1).join('');
  const space = cut.lastIndexOf(' ');
  const base = space >= Math.floor(max * 0.6) ? cut.slice(0, space) : cut;
  return `${base.trimEnd()}…`;
}

/** A cleaned, capped name; empty when nothing printable is left. */
export const cleanName = (raw: string): string => capText(cleanText(raw), SUGGESTION_NAME_MAX);

// A comma, semicolon or colon a guest left at the end leads nowhere once the text is quoted in a sentence.
const DANGLING = /[\s,;:]+$/u;

/**
 * A cleaned, capped guest comment; empty when nothing printable is left. A trailing comma, semicolon
 * or colon is dropped (G7.20): “Lovely staff,”. would read as doubled punctuation.
 */
export const cleanQuote = (raw: string): string =>
  capText(cleanText(raw).replace(DANGLING, ''), SUGGESTION_QUOTE_MAX);

/** A survey question's text, quoted beside a guest's "why" (G7.21): cleaned and capped like a quote. */
export const cleanQuestion = cleanQuote;

/** A small, stable string hash (FNV-1a, 32 bits): seeds the phrasing so one input always reads the same. */
export function hashText(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}
