import axe from 'axe-core';

/**
 * What axe finds on the rendered page (WCAG 2 A and AA), one line per rule: `id: selectors`. Colour
 * contrast is left to the browser journeys (jsdom computes no colours).
 */
export async function axeViolations(root: Element = document.body): Promise<string[]> {
  const result = await axe.run(root, {
    runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
    rules: { 'color-contrast': { enabled: false } },
  });
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
