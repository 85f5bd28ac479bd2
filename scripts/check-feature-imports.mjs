#!/usr/bin/env node
/**
 * Feature folders keep to themselves (issue 25 point 6, decision 0170). In the web app's `src`:
 *
 * - a file outside `features/<name>/` uses that feature only through its `index.ts`; test code (a
 *   `*.test.ts(x)`, a file named for tests or fixtures, `src/test/`) may also use its `testing.ts`;
 * - `shared/`, `ui/`, `platform/` and `config/` use no feature at all (`app → features → shared →
 *   ui/platform → domain`);
 * - a feature's `index.ts` only re-exports (`export … from`): apps/web/package.json declares it free of
 *   side effects, so the build takes from it only what an importer uses, and a chunk that imports it gets
 *   none of the feature's other modules. Code of its own (a loader, a statement) would undo that: the
 *   build then puts every module the index re-exports into the importer's chunk. Loaders of lazy screens
 *   live in the feature's `loaders.ts`.
 *
 * Every way a module names another counts: `import` (types too), `export … from`, `import()`,
 * `typeof import()`, and vitest's `vi.mock`, `vi.doMock`, `vi.importActual`… paths. A feature's own files
 * (its tests too) may import any of its files. Paths are parsed with Vite's parser (oxc), which reads
 * TypeScript and JSX as the build does; only relative paths are resolved (the app uses no other for its
 * own files).
 *
 * `node scripts/check-feature-imports.mjs [src]` checks apps/web/src, or the tree `src` names; it prints
 * each problem with file:line and its fix, and exits 1 when there is one. `npm run lint` runs it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, posix, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseSync, Visitor } from 'vite';

const REPO_ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const DEFAULT_SRC = join(REPO_ROOT, 'apps', 'web', 'src');
const SOURCE = /\.[cm]?[jt]sx?$/;
/** vitest calls whose first argument is a module path, resolved like an import. */
const VI_PATH_CALLS = new Set(['mock', 'doMock', 'unmock', 'doUnmock', 'importActual', 'importMock']);
/** Folders below the features in the import order: they use no feature. */
const BELOW_FEATURES = /^(shared|ui|platform|config)\//;
/** A test, or a file of test set-up named so (test-support.ts, queue-test-kit.ts, checkout-fixtures.ts). */
const TEST_NAME = /(^|[.-])(tests?|testing|fixtures?)([.-]|$)/;

/** Every source file under `dir`, as paths relative to `src` with forward slashes. */
function sourceFiles(src, dir = src) {
  const files = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) files.push(...sourceFiles(src, path));
    else if (SOURCE.test(entry.name) && !entry.name.endsWith('.d.ts')) {
      files.push(relative(src, path).split(sep).join('/'));
    }
  }
  return files;
}

const stringValue = (node) => {
  if (node?.type === 'Literal' && typeof node.value === 'string') return node.value;
  if (node?.type === 'TemplateLiteral' && node.expressions.length === 0) return node.quasis[0]?.value.cooked;
  return undefined;
};

/** Parses one file: its AST, and the module paths it names as `{ specifier, offset, kind }` in order. */
export function moduleReferences(fileName, code) {
  const { program, module, errors } = parseSync(fileName, code);
  if (errors.length > 0) throw new Error(`${fileName}: ${errors[0].message}`);
  const found = [];
  for (const item of module.staticImports) {
    found.push({ specifier: item.moduleRequest.value, offset: item.start, kind: 'import' });
  }
  for (const item of module.staticExports) {
    const from = item.entries.find((entry) => entry.moduleRequest)?.moduleRequest;
    if (from) found.push({ specifier: from.value, offset: item.start, kind: 'export … from' });
  }
  const add = (node, offset, kind) => {
    const specifier = stringValue(node);
    if (specifier !== undefined) found.push({ specifier, offset, kind });
  };
  new Visitor({
    ImportExpression(node) {
      add(node.source, node.start, 'import()');
    },
    TSImportType(node) {
      add(node.argument?.literal ?? node.argument ?? node.source, node.start, 'typeof import()');
    },
    CallExpression(node) {
      const callee = node.callee;
      if (
        callee.type === 'MemberExpression' &&
        !callee.computed &&
        callee.object.type === 'Identifier' &&
        callee.object.name === 'vi' &&
        VI_PATH_CALLS.has(callee.property.name)
      ) {
        add(node.arguments[0], node.start, `vi.${callee.property.name}`);
      }
    },
  }).visit(program);
  return { program, references: found.sort((a, b) => a.offset - b.offset) };
}

/** `features/<name>` and the rest of the path inside it, or null for a path outside the features. */
const featureOf = (path) => {
  const match = /^features\/([^/]+)(?:\/(.*))?$/.exec(path);
  return match ? { name: match[1], inner: (match[2] ?? '').replace(SOURCE, '') } : null;
};

const isTestCode = (file) => file.startsWith('test/') || TEST_NAME.test(posix.basename(file));

const lineOf = (code, offset) => code.slice(0, offset).split('\n').length;

/** What is wrong with one reference from `file` to `target` (paths relative to src), or null. */
function problemOf(file, target) {
  const feature = featureOf(target);
  if (!feature) return null;
  const importer = featureOf(file);
  if (feature.name === importer?.name) return null;
  const index = posix.relative(posix.dirname(file), `features/${feature.name}`);
  const indexPath = index.startsWith('.') ? index : `./${index}`;
  if (BELOW_FEATURES.test(file)) {
    return `${file.split('/')[0]}/ uses no feature (app → features → shared → ui/platform); move what both need to shared/`;
  }
  if (feature.inner === '' || feature.inner === 'index') return null;
  if (feature.inner === 'testing') {
    return isTestCode(file) ? null : `features/${feature.name}/testing.ts is for tests only`;
  }
  return (
    `reaches inside features/${feature.name}: import '${indexPath}' (its index.ts) and export what is ` +
    `needed there${isTestCode(file) ? ' (or, for test set-up, from its testing.ts)' : ''}, or move what ` +
    'several features use to shared/'
  );
}

/** Top-level statements of a feature's index.ts other than re-exports (`export … from`). */
const codeOf = (program) =>
  program.body.filter(
    (statement) =>
      statement.type !== 'ExportAllDeclaration' &&
      !(statement.type === 'ExportNamedDeclaration' && statement.source),
  );

/**
 * Every breach of the rules above in the tree at `src`, as `{ file, line, text }`: a reference by its
 * kind and path and what to do about it, or a statement of an index.ts that is not a re-export.
 */
export function findViolations(src = DEFAULT_SRC) {
  const violations = [];
  for (const file of sourceFiles(src)) {
    const code = readFileSync(join(src, file), 'utf8');
    const { program, references } = moduleReferences(file, code);
    for (const { specifier, offset, kind } of references) {
      if (!specifier.startsWith('./') && !specifier.startsWith('../')) continue;
      const target = posix.normalize(posix.join(posix.dirname(file), specifier.replace(/\?.*$/, '')));
      const problem = problemOf(file, target);
      if (problem)
        violations.push({ file, line: lineOf(code, offset), text: `${kind} '${specifier}' ${problem}` });
    }
    if (/^features\/[^/]+\/index\.[jt]sx?$/.test(file)) {
      for (const statement of codeOf(program)) {
        violations.push({
          file,
          line: lineOf(code, statement.start),
          text:
            'a feature index only re-exports (export … from): with code of its own the build puts every ' +
            "module it re-exports into each importer's chunk; move this to a module of the feature " +
            '(loaders of lazy screens: loaders.ts) and re-export it',
        });
      }
    }
  }
  return violations;
}

const isMain = process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  const src = resolve(process.argv[2] ?? DEFAULT_SRC);
  const violations = findViolations(src);
  for (const v of violations)
    console.error(`${relative(process.cwd(), join(src, v.file))}:${v.line}  ${v.text}`);
  if (violations.length > 0) {
    console.error(
      `\n${violations.length} breach(es) of the feature boundaries in ` +
        `${new Set(violations.map((v) => v.file)).size} file(s): a feature is used only through its ` +
        'index.ts (tests: also its testing.ts). Decision 0170.',
    );
    process.exit(1);
  }
  console.log(`Feature boundaries kept (${relative(process.cwd(), src) || '.'}).`);
}
