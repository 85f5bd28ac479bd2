import { describe, expect, it } from 'vitest';
import { privacyPolicyHref } from './privacy-link';

describe('privacy policy address of the footer and the consent banner (decisions 0068, 0070)', () => {
  it.each([
    ['https://demo.example/privacy', 'https://demo.example/privacy'],
    ['http://bistro.example/privacy', 'http://bistro.example/privacy'],
    ['  http://demo.example/p?x=1 ', 'http://demo.example/p?x=1'],
    ['/privacy', '/privacy'],
    [' /legal/privacy ', '/legal/privacy'],
    ['/docs/privacy.pdf', '/docs/privacy.pdf'],
    ['javascript:alert(1)', '/privacy'],
    ['//evil.example/privacy', '/privacy'],
    ['/\\evil.example', '/privacy'],
    ['data:text/html,hi', '/privacy'],
    ['privacy', '/privacy'],
    ['https://', '/privacy'],
    ['', '/privacy'],
    [null, '/privacy'],
    [undefined, '/privacy'],
  ])('%j links %j', (configured, expected) => {
    expect(privacyPolicyHref(configured)).toBe(expected);
  });
});
