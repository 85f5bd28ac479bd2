import type { Branding as SurveyBranding } from '@venue-voice/domain';
import { parseColour, readableTextOn, shadeOnWhite, tintOnWhite, toHex } from './colour';

export { parseColour, readableTextOn } from './colour';

/** CSS custom properties a survey's branding sets for the whole page; styles read them with defaults. */
export type BrandingStyle = Record<`--vv-${string}`, string>;

const GENERIC_FAMILIES = new Set(['serif', 'sans-serif', 'monospace', 'cursive', 'fantasy', 'system-ui']);

/** Plain family names from a font setting; quotes, semicolons or brackets could break out of CSS. */
function familyNames(font: string | null | undefined): string[] {
  return (font ?? '')
    .split(',')
    .map((name) => name.trim().replace(/^["']|["']$/g, ''))
    .filter((name) => /^[\p{L}\p{N} _-]{1,64}$/u.test(name));
}

const quoted = (name: string) =>
  GENERIC_FAMILIES.has(name.toLowerCase()) ? name.toLowerCase() : `"${name}"`;

/**
 * The survey's font first, then the app's own (Poppins, shipped with the app, and system fonts sized
 * like it: `--vv-app-font` in styles.css, decision 0183), so text shows whatever loads. Undefined when
 * the survey names none but Poppins: the page's default is the app's font.
 */
export function fontStack(font: string | null | undefined): string | undefined {
  const own = familyNames(font).filter((name) => name.toLowerCase() !== 'poppins');
  return own.length > 0 ? `${own.map(quoted).join(', ')}, var(--vv-app-font)` : undefined;
}

/** Stands for this site while an address is read: the server's render does not know its own origin. */
const THIS_SITE = 'https://this-site.invalid';

/**
 * An image address safe to load: http(s) only. One of this site stays a path from its root, so the
 * server's render and the browser write the same address (decision 0169), and a relative one means the
 * same in a CSS variable as on the page.
 */
export function safeImageUrl(value: string | null | undefined): string | undefined {
  const text = value?.trim();
  if (!text) return undefined;
  try {
    const url = new URL(text, `${THIS_SITE}/`);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return undefined;
    return url.origin === THIS_SITE ? `${url.pathname}${url.search}${url.hash}` : url.href;
  } catch {
    return undefined;
  }
}

/**
 * The variables of one branding colour: itself and the text drawn on it, and, for those drawn on white
 * cards, `-ink` for text and control borders (4.5:1), `-ring` for focus and selection rings (3:1) and
 * `-soft` for selected surfaces. A venue's pale colour thus never becomes unreadable text.
 */
const SHADES: Record<string, ('ink' | 'ring' | 'soft')[]> = {
  primary: ['ink', 'ring', 'soft'],
  accent: ['ring'],
  error: ['ink'],
  secondary: [],
};

/** Turns branding into CSS variables; values that fail the checks above are left out. */
export function brandingStyle(branding: SurveyBranding | null | undefined): BrandingStyle {
  const style: BrandingStyle = {};
  const font = fontStack(branding?.font);
  if (font) style['--vv-font'] = font;
  const colours = {
    primary: branding?.primaryColour,
    secondary: branding?.secondaryColour,
    accent: branding?.accentColour,
    error: branding?.errorColour,
  };
  for (const [name, value] of Object.entries(colours)) {
    const rgb = parseColour(value);
    if (!rgb || !value) continue;
    style[`--vv-${name}`] = value.trim();
    style[`--vv-on-${name}`] = readableTextOn(rgb);
    for (const shade of SHADES[name] ?? []) {
      const made = shade === 'soft' ? tintOnWhite(rgb) : shadeOnWhite(rgb, shade === 'ink' ? 4.5 : 3);
      style[`--vv-${name}-${shade}`] = toHex(made);
    }
  }
  // URL percent-encodes quotes, angle brackets and line breaks, so it cannot end the url("…") early.
  const header = safeImageUrl(branding?.headerImage);
  if (header) style['--vv-header-image'] = `url("${header}")`;
  const background = safeImageUrl(branding?.backgroundImage);
  if (background) style['--vv-background-image'] = `url("${background}")`;
  return style;
}

/**
 * The venue's own font file as a face of its font's first family name (decision 0183): swapped in when
 * it arrives, its weights made from the one file where it has no others.
 */
function fontFace(branding: SurveyBranding | null | undefined): string {
  // An http address passes here and is refused by the CSP's font-src (this site or https, decision 0183).
  const url = safeImageUrl(branding?.fontUrl);
  const family = familyNames(branding?.font).find((name) => !GENERIC_FAMILIES.has(name.toLowerCase()));
  if (!url || !family || family.toLowerCase() === 'poppins') return '';
  return `@font-face{font-family:"${family}";src:url("${url}") format("woff2");font-display:swap}`;
}

/**
 * The branding as a style sheet for the whole page (decision 0184): on :root, so what lives outside the
 * venue's frame (the consent banner, dialogs, the footer) wears the venue's colours and font too.
 * Every value passed the checks above, so none can end the rule or the element early.
 */
export function brandingCss(branding: SurveyBranding | null | undefined): string {
  const variables = Object.entries(brandingStyle(branding))
    .map(([name, value]) => `${name}:${value}`)
    .join(';');
  return `${fontFace(branding)}:root{${variables}}`;
}
