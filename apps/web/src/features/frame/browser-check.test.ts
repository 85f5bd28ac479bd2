import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
// The classic script of public/, as the browser gets it.
import source from '../../../public/browser-check.js?raw';

/**
 * Runs public/browser-check.js against this document, as a browser would before the app. `missing`
 * shadows globals the way an older browser lacks them, without touching the test's own.
 */
const runCheck = (missing: Record<string, unknown> = {}) =>
  new Function(...Object.keys(missing), source)(...Object.values(missing));
const warning = () => document.querySelector('.outdated-browser');

beforeEach(() => {
  // jsdom does not know module scripts; every browser this app supports does.
  if (!('noModule' in HTMLScriptElement.prototype)) {
    Object.defineProperty(HTMLScriptElement.prototype, 'noModule', { value: false, configurable: true });
  }
});

afterEach(() => {
  warning()?.remove();
  vi.restoreAllMocks();
  Reflect.deleteProperty(document, 'documentMode');
});

describe('public/browser-check.js: browsers that cannot run the bundle (G8, decision 0071)', () => {
  it('says nothing in a browser with modules and ES2022', () => {
    runCheck();
    expect(warning()).toBeNull();
  });

  it('G8 warns Internet Explorer, with an upgrade link, outside the app root', () => {
    Object.defineProperty(document, 'documentMode', { value: 11, configurable: true });
    runCheck();
    expect(warning()).toHaveAttribute('role', 'alert');
    expect(warning()).toHaveTextContent(/Your browser is out of date/);
    expect(warning()?.querySelector('a')).toHaveAttribute('href', expect.stringMatching(/^https:\/\//));
    expect(warning()?.parentElement).toBe(document.body);
  });

  it('warns a browser without module scripts', () => {
    Reflect.deleteProperty(HTMLScriptElement.prototype, 'noModule');
    runCheck();
    expect(warning()).toHaveTextContent(/Your browser is out of date/);
  });

  it('warns a browser without Array.prototype.at (ES2022)', () => {
    runCheck({ Array: { prototype: {} } });
    expect(warning()).not.toBeNull();
  });

  it('warns a browser without the ES2022 built-ins the bundle is built for, in its language', () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['de-AT', 'en']);
    runCheck({ Object: {} });
    expect(warning()).toHaveTextContent(/Ihr Browser ist veraltet.*Browser aktualisieren/);
  });
});
