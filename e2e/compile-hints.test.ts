import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readManifest, WEB_DIST } from '../bench/bundle-budget';

// Decision 0154: V8 compiles the scripts every page load runs while they download, off the main
// thread, when their first line (or the second, after Vite's own first line) is this hint.
const HINT = '//# allFunctionsCalledOnLoad';
const manifest = readManifest();
const hinted = (file: string) => readFileSync(join(WEB_DIST, file), 'utf8').split('\n', 2).includes(HINT);
const entry = manifest['index.html'];

describe('compile hints in the web build (decision 0154)', () => {
  it('mark the entry and the framework and vendor chunks it imports', () => {
    const imported = (entry?.imports ?? []).map((key) => manifest[key]);
    const libraries = imported.filter((chunk) => chunk?.name === 'framework' || chunk?.name === 'vendor');
    expect(libraries.map((chunk) => chunk?.name).sort()).toEqual(['framework', 'vendor']);
    for (const file of [entry?.file ?? 'no entry', ...libraries.map((chunk) => chunk?.file ?? '')])
      expect(hinted(file), file).toBe(true);
  });

  it('leave out the screens loaded later and the other libraries', () => {
    const others = Object.values(manifest).filter(
      (chunk) =>
        chunk.file.endsWith('.js') && !chunk.isEntry && chunk.name !== 'framework' && chunk.name !== 'vendor',
    );
    expect(others.length).toBeGreaterThan(10);
    for (const chunk of others) expect(hinted(chunk.file), chunk.file).toBe(false);
  });
});
