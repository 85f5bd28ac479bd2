import { describe, expect, it } from 'vitest';
import { brandingStyle, fontStack, parseColour, readableTextOn, safeImageUrl } from './branding';

describe('branding', () => {
  it.each([
    ['#fff', [255, 255, 255]],
    ['#0B5D1E', [11, 93, 30]],
    ['#0b5d1e80', [11, 93, 30]],
    [' rgb(10, 20, 30) ', [10, 20, 30]],
    ['rgba(10,20,30,0.5)', [10, 20, 30]],
  ])('reads the colour %s', (value, rgb) => {
    expect(parseColour(value)).toEqual(rgb);
  });

  it.each([
    'red; background: url(https://evil.example)',
    '#12',
    'rgb(300,0,0)',
    'var(--x)',
    '',
    null,
    undefined,
  ])('drops the colour %s', (value) => {
    expect(parseColour(value)).toBeUndefined();
  });

  it('writes white on dark colours and near-black on light ones', () => {
    expect(readableTextOn([0, 0, 0])).toBe('#ffffff');
    expect(readableTextOn([31, 58, 95])).toBe('#ffffff');
    expect(readableTextOn([255, 204, 0])).toBe('#111111');
    expect(readableTextOn([255, 255, 255])).toBe('#111111');
  });

  it('puts the survey font before the system fonts and refuses anything but family names', () => {
    expect(fontStack('Open Sans')).toMatch(/^"Open Sans", system-ui, .*sans-serif$/);
    expect(fontStack('"Lato", serif')).toMatch(/^"Lato", serif, system-ui/);
    expect(fontStack('x; } body { display:none')).toMatch(/^system-ui/);
    expect(fontStack(undefined)).toMatch(/^system-ui/);
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

  it('still sets the font stack when a survey has no branding', () => {
    expect(brandingStyle(null)).toEqual({ '--vv-font': fontStack(undefined) });
  });
});
