import { vi } from 'vitest';

/**
 * A stand-in for the layout jsdom does not compute: every element is a 200 × 20 box stacked in document
 * order, so a list's items lie one under another as a browser draws them. Drag-and-drop measures
 * positions (dnd-kit's keyboard sensor moves to the nearest item below); the pointer drag itself is tested
 * in Chromium (e2e/console-surveys.test.ts). Call the answer to restore jsdom's zero boxes.
 */
export function stackedLayout(): () => void {
  const spy = vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (
    this: Element,
  ) {
    const top = [...document.body.querySelectorAll('*')].indexOf(this) * 20;
    return DOMRect.fromRect({ x: 0, y: top, width: 200, height: 20 });
  });
  return () => spy.mockRestore();
}
