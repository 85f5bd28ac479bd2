import type { Branding as SurveyBranding } from '@venue-voice/domain';
import type { CSSProperties } from 'react';

/** CSS custom properties a survey's branding sets on its screens; styles read them with defaults. */
export type BrandingStyle = CSSProperties & Record<`--vv-${string}`, string>;

const HEX = /^#(?:[0-9a-f]{3}|[0-9a-f]{4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;
const RGB = /^rgba?\(\s*(\d{1,3})\s*,\s*(\d{1,3})\s*,\s*(\d{1,3})\s*(?:,\s*(?:0|1|0?\.\d+)\s*)?\)$/i;

/** A colour in a form we can both trust inside CSS and compute contrast for; anything else is dropped. */
export function parseColour(value: string | null | undefined): [number, number, number] | undefined {
  const text = value?.trim() ?? '';
  if (HEX.test(text)) {
    const digits = text.slice(1);
    const full = digits.length <= 4 ? [...digits].map((d) => d + d).join('') : digits;
    return [0, 2, 4].map((i) => Number.parseInt(full.slice(i, i + 2), 16)) as [number, number, number];
  }
  const rgb = RGB.exec(text);
  if (rgb) {
    const channels = rgb.slice(1, 4).map(Number) as [number, number, number];
    return channels.every((c) => c <= 255) ? channels : undefined;
  }
  return undefined;
}

function luminance([r, g, b]: [number, number, number]): number {
  const linear = (c: number) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

const DARK_TEXT = '#111111';
const LIGHT_TEXT = '#ffffff';

/** The text colour (near-black or white) with the higher WCAG contrast on a background colour. */
export function readableTextOn(background: [number, number, number]): string {
  const l = luminance(background);
  const onWhite = 1.05 / (l + 0.05);
  const onDark = (l + 0.05) / (luminance([17, 17, 17]) + 0.05);
  return onDark >= onWhite ? DARK_TEXT : LIGHT_TEXT;
}

const GENERIC_FAMILIES = new Set(['serif', 'sans-serif', 'monospace', 'cursive', 'fantasy', 'system-ui']);
const FALLBACK_FONTS = 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';

/** The survey's font first, then the system fonts, so text shows even when the font is missing. */
export function fontStack(font: string | null | undefined): string {
  const names = (font ?? '')
    .split(',')
    .map((name) => name.trim().replace(/^["']|["']$/g, ''))
    // Only plain family names: quotes, semicolons or brackets could break out of the declaration.
    .filter((name) => /^[\p{L}\p{N} _-]{1,64}$/u.test(name))
    .map((name) => (GENERIC_FAMILIES.has(name.toLowerCase()) ? name.toLowerCase() : `"${name}"`));
  return names.length > 0 ? `${names.join(', ')}, ${FALLBACK_FONTS}` : FALLBACK_FONTS;
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

/** Turns branding into CSS variables; values that fail the checks above are left out. */
export function brandingStyle(branding: SurveyBranding | null | undefined): BrandingStyle {
  const style: BrandingStyle = { '--vv-font': fontStack(branding?.font) };
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
  }
  // URL percent-encodes quotes and drops line breaks, so it cannot end the url("…") early.
  const header = safeImageUrl(branding?.headerImage);
  if (header) style['--vv-header-image'] = `url("${header}")`;
  const background = safeImageUrl(branding?.backgroundImage);
  if (background) style['--vv-background-image'] = `url("${background}")`;
  return style;
}
