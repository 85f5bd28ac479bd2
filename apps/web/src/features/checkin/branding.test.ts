import { describe, expect, it } from 'vitest';
import { brandingCss, brandingStyle, fontStack, parseColour, readableTextOn, safeImageUrl } from './branding';
import { contrast, type Rgb } from './colour';

const WHITE: Rgb = [255, 255, 255];
const onWhite = (colour: string | undefined) => contrast(parseColour(colour) ?? WHITE, WHITE);

describe('branding', () => {
  it.each([
    ['#fff', [255, 255, 255]],
    ['#0B5D1E', [11, 93, 30]],
    ['#0b5d1e80', [11, 93, 30]],
    [' #abc ', [170, 187, 204]],
  ])('reads the colour %s', (value, rgb) => {
    expect(parseColour(value)).toEqual(rgb);
  });

  it.each([
    'red; background: url(https://evil.example)',
    '#12',
    'rgb(10, 20, 30)',
    'var(--x)',
    '',
    null,
    undefined,
  ])('drops the colour %s (the schema takes hex only)', (value) => {
    expect(parseColour(value)).toBeUndefined();
  });

  it('writes white on dark colours and near-black on light ones', () => {
    expect(readableTextOn([0, 0, 0])).toBe('#ffffff');
    expect(readableTextOn([31, 58, 95])).toBe('#ffffff');
    expect(readableTextOn([255, 204, 0])).toBe('#111111');
    expect(readableTextOn([255, 255, 255])).toBe('#111111');
  });

  it("puts the survey font before the app's own fonts, and refuses anything but family names", () => {
    expect(fontStack('Open Sans')).toBe('"Open Sans", var(--vv-app-font)');
    expect(fontStack('"Lato", serif')).toBe('"Lato", serif, var(--vv-app-font)');
    // The spec's default is the app's own font: nothing to set.
    expect(fontStack('Poppins')).toBeUndefined();
    expect(fontStack('x; } body { display:none')).toBeUndefined();
    expect(fontStack(undefined)).toBeUndefined();
  });

  it('accepts only http(s) images; one of this site as a path from its root, the same on server and browser', () => {
    expect(safeImageUrl('/uploads/logo.png')).toBe('/uploads/logo.png');
    expect(safeImageUrl('uploads/a b.png?v=2')).toBe('/uploads/a%20b.png?v=2');
    expect(safeImageUrl('https://cdn.example.com/a b".png')).toBe('https://cdn.example.com/a%20b%22.png');
    expect(safeImageUrl('javascript:alert(1)')).toBeUndefined();
    expect(safeImageUrl('data:image/svg+xml,<svg/>')).toBeUndefined();
    expect(safeImageUrl('')).toBeUndefined();
  });

  it('turns branding into CSS variables and leaves out what failed the checks', () => {
    const style = brandingStyle({
      primaryColour: '#ffcc00',
      secondaryColour: 'expression(alert(1))',
      errorColour: '#b00020',
      headerImage: 'https://cdn.example.com/header.jpg',
      backgroundImage: 'javascript:alert(1)',
    });
    expect(style).toMatchObject({
      '--vv-primary': '#ffcc00',
      '--vv-on-primary': '#111111',
      '--vv-error': '#b00020',
      '--vv-on-error': '#ffffff',
      '--vv-header-image': 'url("https://cdn.example.com/header.jpg")',
    });
    expect(style).not.toHaveProperty('--vv-secondary');
    expect(style).not.toHaveProperty('--vv-background-image');
    expect(style).not.toHaveProperty('--vv-accent');
  });

  it.each(['#ffcc00', '#d9a441', '#f4efe6', '#ffffff', '#1f3a5f', '#0B5D1E'])(
    'a primary colour %s keeps its contrast: text on it, text 4.5:1 and rings 3:1 on white, its tint under dark text',
    (colour) => {
      const style = brandingStyle({ primaryColour: colour });
      expect(
        contrast(parseColour(colour) ?? WHITE, parseColour(style['--vv-on-primary']) ?? WHITE),
      ).toBeGreaterThanOrEqual(4.5);
      expect(onWhite(style['--vv-primary-ink'])).toBeGreaterThanOrEqual(4.5);
      expect(onWhite(style['--vv-primary-ring'])).toBeGreaterThanOrEqual(3);
      expect(contrast(parseColour(style['--vv-primary-soft']) ?? WHITE, [23, 32, 51])).toBeGreaterThanOrEqual(
        4.5,
      );
    },
  );

  it('keeps a colour that already reads on white as it is', () => {
    expect(brandingStyle({ primaryColour: '#1f3a5f' })['--vv-primary-ink']).toBe('#1f3a5f');
  });

  it('gives the focus ring a 3:1 shade of a pale accent, and error texts a 4.5:1 shade of the error colour', () => {
    const style = brandingStyle({ accentColour: '#d9a441', errorColour: '#ff8a80' });
    expect(onWhite(style['--vv-accent-ring'])).toBeGreaterThanOrEqual(3);
    expect(onWhite(style['--vv-error-ink'])).toBeGreaterThanOrEqual(4.5);
  });

  it('sets nothing when a survey has no branding: the page keeps the app look', () => {
    expect(brandingStyle(null)).toEqual({});
    expect(brandingCss(undefined)).toBe(':root{}');
  });

  it("writes the branding as one :root rule, with the venue's own font file as a face that swaps in", () => {
    const css = brandingCss({
      font: 'Venue Sans, sans-serif',
      fontUrl: 'https://fonts.venue.example/venue-sans.woff2',
      primaryColour: '#4b2e1e',
    });
    expect(css).toBe(
      '@font-face{font-family:"Venue Sans";src:url("https://fonts.venue.example/venue-sans.woff2") format("woff2");font-display:swap}' +
        ':root{--vv-font:"Venue Sans", sans-serif, var(--vv-app-font);--vv-primary:#4b2e1e;--vv-on-primary:#ffffff;' +
        '--vv-primary-ink:#4b2e1e;--vv-primary-ring:#4b2e1e;--vv-primary-soft:#edeae9}',
    );
  });

  it.each([
    ['no family name', { fontUrl: '/fonts/a.woff2' }],
    ['the app font itself', { font: 'Poppins', fontUrl: '/fonts/a.woff2' }],
    ['a script address', { font: 'Venue Sans', fontUrl: 'javascript:alert(1)' }],
  ])('loads no font file for %s', (_name, branding) => {
    expect(brandingCss(branding)).toMatch(/^:root\{/);
  });
});
