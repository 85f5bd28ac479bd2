// @vitest-environment node
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, matchesGlob, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

// Issue 25 point 6, decision 0170: the lint step `npm run lint` runs, on the real tree and on planted ones.
const WEB = join(dirname(fileURLToPath(import.meta.url)), '..');
const SRC = join(WEB, 'src');
const SCRIPT = join(WEB, '..', '..', 'scripts', 'check-feature-imports.mjs');

/** Runs the check on a tree: its exit code and what it printed. */
const check = (src: string) =>
  new Promise<{ code: number; output: string }>((resolve) => {
    execFile(process.execPath, [SCRIPT, src], { cwd: src }, (error, stdout, stderr) => {
      resolve({ code: error ? Number(error.code) : 0, output: `${stdout}${stderr}` });
    });
  });

const trees: string[] = [];
/** A temporary src tree holding `files` (path → source). */
function plant(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'feature-boundaries-'));
  trees.push(root);
  for (const [path, source] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), source);
  }
  return root;
}
afterAll(() => {
  for (const root of trees) rmSync(root, { recursive: true, force: true });
});

/** Two features, a and b, whose public faces are right: what every planted case starts from. */
const BASE = {
  'features/a/index.ts': "export { a } from './inner';\nexport { loadScreen } from './loaders';\n",
  'features/a/inner.ts': 'export const a = 1;\n',
  'features/a/loaders.ts': "export const loadScreen = () => import('./screen');\n",
  'features/a/screen.tsx': 'export const Screen = () => null;\n',
  'features/a/testing.ts': "export { a as fixture } from './inner';\n",
  'features/b/index.ts': "export { b } from './b';\n",
  'features/b/b.ts':
    "import { a } from '../a';\nimport { a as same } from '../a/index';\nexport const b = a + same;\n",
  'features/b/b.test.ts':
    "import { fixture } from '../a/testing';\nimport { b } from './b';\nvoid [fixture, b];\n",
  'app/routes.tsx': "import { loadScreen } from '../features/a';\nexport const load = loadScreen;\n",
  'shared/util.ts': 'export const util = 2;\n',
};

describe('feature boundaries (issue 25 point 6, decision 0170)', () => {
  it('the web app keeps them', async () => {
    const { code, output } = await check(SRC);
    expect(output).toContain('Feature boundaries kept');
    expect(code).toBe(0);
  });

  it('passes a tree whose features are used through their index.ts (tests: also testing.ts)', async () => {
    const { code, output } = await check(plant(BASE));
    expect(output).toContain('Feature boundaries kept');
    expect(code).toBe(0);
  });

  it.each([
    ['a static import', "import { a } from '../a/inner';\nexport const c = a;\n", "import '../a/inner'"],
    [
      'a type import',
      "import type { Screen } from '../a/screen';\nexport type C = typeof Screen;\n",
      "import '../a/screen'",
    ],
    ['a re-export', "export { a } from '../a/inner';\n", "export … from '../a/inner'"],
    ['a dynamic import', "export const load = () => import('../a/screen');\n", "import() '../a/screen'"],
    ['a type query', "export type M = typeof import('../a/screen');\n", "typeof import() '../a/screen'"],
    ['a vi.mock path', "import { vi } from 'vitest'; vi.mock('../a/inner');\n", "vi.mock '../a/inner'"],
    [
      'a testing.ts outside tests',
      "import { fixture } from '../a/testing';\nexport const c = fixture;\n",
      "import '../a/testing' features/a/testing.ts is for tests only",
    ],
  ])('fails on a cross-feature import of an inner file: %s', async (_, source, expected) => {
    const { code, output } = await check(
      plant({ ...BASE, 'features/b/planted.ts': `// planted\n${source}` }),
    );
    expect(code).toBe(1);
    expect(output).toContain(`features${sep}b${sep}planted.ts:2  ${expected}`);
    expect(output).toContain('1 breach(es) of the feature boundaries in 1 file(s)');
  });

  it('fails on app code that reaches inside a feature, and names the index to import instead', async () => {
    const { code, output } = await check(
      plant({
        ...BASE,
        'app/routes/planted.tsx': "import { Screen } from '../../features/a/screen';\nvoid Screen;\n",
      }),
    );
    expect(code).toBe(1);
    expect(output).toContain(`app${sep}routes${sep}planted.tsx:1  import '../../features/a/screen'`);
    expect(output).toContain("import '../../features/a' (its index.ts)");
  });

  it('fails on shared code that uses a feature, even through its index', async () => {
    const { code, output } = await check(
      plant({ ...BASE, 'shared/planted.ts': "export { a } from '../features/a';\n" }),
    );
    expect(code).toBe(1);
    expect(output).toContain(
      `shared${sep}planted.ts:1  export … from '../features/a' shared/ uses no feature`,
    );
  });

  it('fails on an index.ts with code of its own (a loader there would drag its feature into every chunk)', async () => {
    const { code, output } = await check(
      plant({
        ...BASE,
        'features/a/index.ts':
          "export { a } from './inner';\nexport const load = () => import('./screen');\n",
      }),
    );
    expect(code).toBe(1);
    expect(output).toContain(`features${sep}a${sep}index.ts:2  a feature index only re-exports`);
  });
});

describe('the build sees a feature index.ts as free of side effects, and nothing else (decision 0170)', () => {
  const patterns = (JSON.parse(readFileSync(join(WEB, 'package.json'), 'utf8')) as { sideEffects: string[] })
    .sideEffects;
  const files = (readdirSync(SRC, { recursive: true }) as string[])
    .filter((path) => /\.(tsx?|css|json)$/.test(path))
    .map((path) => `./${relative(WEB, join(SRC, path)).split(sep).join('/')}`);

  it('apps/web/package.json sideEffects matches every file of src but the feature indexes', () => {
    const isFeatureIndex = (file: string) => /^\.\/src\/features\/[^/]+\/index\.ts$/.test(file);
    const wrong = files.filter(
      (file) => patterns.some((pattern) => matchesGlob(file, pattern)) === isFeatureIndex(file),
    );
    expect(files.filter(isFeatureIndex).length).toBeGreaterThan(10);
    expect(wrong).toEqual([]);
  });
});
