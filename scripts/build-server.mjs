#!/usr/bin/env node
/**
 * Bundles the server into apps/server/dist/main.mjs with esbuild, so that `npm start` runs plain node
 * instead of tsx compiling TypeScript on every start, and node reads one file instead of resolving and
 * reading hundreds (decision 0153). The bundle holds our sources, the workspace packages (TypeScript
 * sources themselves) and the npm dependencies, except EXTERNAL. Rebuilt only when one of the files it
 * was made from (listed beside it by the last build) changed. `node scripts/build-server.mjs` builds if
 * needed and prints why; `--force` always builds. `node scripts/build-server.mjs <entry> <outfile>`
 * bundles another entry the same way, always (the cold-start bench's phase timer).
 */
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
export const SERVER_ENTRY = join(root, 'apps/server/src/main.ts');
export const SERVER_BUNDLE = join(root, 'apps/server/dist/main.mjs');

/**
 * Left to node's own loader from node_modules:
 * - PGlite finds its WebAssembly, file-system image and extensions from its own module's URL;
 * - sharp and @node-rs/argon2 load native binaries; pg, pg-boss and ioredis are imported only when used (decision 0152),
 *   so a default start never reads them, and bundling them would only make the bundle bigger;
 * - pdfkit finds its standard fonts through its own package.json's imports (`#standard-fonts/…`), which
 *   a bundle would lose; it and fontkit are imported only when a sheet of table cards is asked for;
 * - exceljs is imported only when an XLSX export is asked for (services/exports/write.ts): bundled, its
 *   1.3 MB were parsed at every start of the server and of each export process (decision 0262).
 */
const EXTERNAL = [
  '@electric-sql/pglite',
  'sharp',
  '@node-rs/argon2',
  'pg',
  'pg-boss',
  'ioredis',
  'pdfkit',
  'fontkit',
  'exceljs',
];

/**
 * CommonJS files of packages that find files beside themselves with __dirname or __filename, such as
 * @fastify/swagger-ui (its Swagger UI page and assets): inside an ES module bundle those names do not
 * exist, so each gets its own folder back, found when it runs from where node resolves its package.
 * Bundled rather than left to node: loading swagger-ui and what it requires from node_modules cost
 * about 100 ms of every start (decision 0153). The package is found by name from the bundle, so a
 * nested copy (node_modules/a/node_modules/b) would get the top-level one's folder: none is rewritten
 * today, and apps/server/test/main-bundle.test.ts checks swagger-ui's files are served.
 */
const packageFolders = {
  name: 'package-folders',
  setup(build) {
    build.onLoad({ filter: /[\\/]node_modules[\\/].*\.c?js$/ }, async ({ path }) => {
      const text = await readFile(path, 'utf8');
      if (!/\b__(dirname|filename)\b/.test(text)) return undefined;
      const inPackage = path
        .split(/[\\/]node_modules[\\/]/)
        .pop()
        .split(/[\\/]/);
      const nameLength = inPackage[0].startsWith('@') ? 2 : 1;
      const name = inPackage.slice(0, nameLength).join('/');
      const file = inPackage.slice(nameLength).join('/');
      const folder = JSON.stringify(dirname(file));
      return {
        contents: text
          .replace(/\b__dirname\b/g, `__packagePath(${JSON.stringify(name)}, ${folder})`)
          .replace(/\b__filename\b/g, `__packagePath(${JSON.stringify(name)}, ${JSON.stringify(file)})`),
        loader: 'js',
        resolveDir: dirname(path),
      };
    });
  },
};

// Before the bundle's code: what its CommonJS parts expect of a module (require, and __packagePath for
// the files packageFolders rewrote).
const BANNER = [
  "import { createRequire as __bundleRequire } from 'node:module';",
  "import { dirname as __bundleDirname, join as __bundleJoin } from 'node:path';",
  'const require = __bundleRequire(import.meta.url);',
  'const __packagePath = (name, path) =>',
  "  __bundleJoin(__bundleDirname(require.resolve(name + '/package.json')), path);",
].join('\n');

// Beside the inputs the bundle lists, what changes how it is built.
const BUILD_FILES = ['scripts/build-server.mjs', 'tsconfig.base.json', 'package-lock.json'];

const inputsFileOf = (outfile) => outfile.replace(/\.mjs$/, '.inputs.json');

/**
 * Scripts the server loads by URL beside its own module, as `new Worker(new URL('./name.mjs',
 * import.meta.url))` does (decision 0155's PGlite thread) or the export process's fork (decision 0262):
 * bundled beside the bundle under the same name, since in the bundle that URL points beside the bundle.
 * The source is `name.mjs` beside the file that names it, or `name.ts` (a script of the server's own
 * TypeScript, bundled with what it imports). By output name.
 */
function scriptsLoadedByUrl(dir = join(root, 'apps/server/src'), found = {}) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) scriptsLoadedByUrl(path, found);
    else if (/\.[cm]?[jt]s$/.test(entry.name) && !/\.test\./.test(entry.name)) {
      const text = readFileSync(path, 'utf8');
      for (const [, name] of text.matchAll(
        /new URL\(\s*['"]\.\/([\w.-]+)\.mjs['"],\s*import\.meta\.url\s*\)/g,
      )) {
        const script = join(dir, `${name}.mjs`);
        found[name] = existsSync(script) ? script : join(dir, `${name}.ts`);
      }
    }
  }
  return found;
}

/** How every bundle of the server's code is made (the server's, a script's of its own). */
const BUILD_OPTIONS = {
  outExtension: { '.js': '.mjs' },
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  external: EXTERNAL,
  plugins: [packageFolders],
  // The CommonJS packages inside (fastify, pino…) call require() for node's own modules, which an
  // ES module does not have.
  banner: { js: BANNER },
  // Less text for node to parse at every start: 3.9 MB → 2.5 MB, ~60 ms less before the first line
  // runs. Names are kept (Fastify's plugin names, readable stacks). Stack traces name bundle columns;
  // NODE_OPTIONS=--enable-source-maps maps them back to the sources with the map beside the bundle.
  minifyWhitespace: true,
  minifySyntax: true,
  sourcemap: 'linked',
  metafile: true,
  logLevel: 'warning',
};

/**
 * Bundles `entry` into `outfile` (ESM) and the scripts it loads by URL beside it, and lists the files
 * they were made from beside it. Also used by the cold-start bench for its phase-timing script, so that
 * runs as the server does.
 */
export async function bundle(entry = SERVER_ENTRY, outfile = SERVER_BUNDLE) {
  const { build } = await import('esbuild');
  const result = await build({
    ...BUILD_OPTIONS,
    entryPoints: { ...scriptsLoadedByUrl(), [basename(outfile, '.mjs')]: entry },
    outdir: dirname(outfile),
  });
  const inputs = [...Object.keys(result.metafile.inputs), ...BUILD_FILES].map((input) =>
    relative(root, join(root, input)),
  );
  writeFileSync(inputsFileOf(outfile), `${JSON.stringify(inputs, null, 1)}\n`);
}

/** Where the server's sources, run by tsx or Vitest, find a script's bundle (scriptBundle). */
const SCRIPT_CACHE = join(root, 'node_modules/.cache/venue-voice/scripts');

/**
 * The bundle of one script the server loads by URL (scriptsLoadedByUrl), for a server that runs from its
 * sources (`npm run dev`, the tests, the benches): the export process (decision 0262) runs from a bundle
 * there too, so it loads what it loads in the built server and starts as fast. Built into the install's
 * cache when missing or older than a file it was made from; written under a name of this process's and
 * then renamed into place, so a process that runs it never reads a half-written file while another
 * builds. Resolves to the bundle's path.
 */
export async function scriptBundle(name) {
  const entry = scriptsLoadedByUrl()[name];
  if (!entry) throw new Error(`no script ${name}.mjs is loaded by URL in apps/server/src`);
  const outfile = join(SCRIPT_CACHE, `${name}.mjs`);
  if (!buildReason(outfile)) return outfile;
  const { build } = await import('esbuild');
  const temporary = `${name}.${process.pid}-${Date.now()}`;
  const result = await build({
    ...BUILD_OPTIONS,
    entryPoints: { [temporary]: entry },
    outdir: SCRIPT_CACHE,
    // The metafile's inputs relative to the repository, as buildReason reads them, whatever the cwd.
    absWorkingDir: root,
  });
  const inputs = [...Object.keys(result.metafile.inputs), ...BUILD_FILES].map((input) =>
    relative(root, join(root, input)),
  );
  const { rename } = await import('node:fs/promises');
  await rename(join(SCRIPT_CACHE, `${temporary}.mjs.map`), `${outfile}.map`);
  // The map's name inside the bundle is the temporary one: pointed at the renamed map.
  const text = readFileSync(join(SCRIPT_CACHE, `${temporary}.mjs`), 'utf8').replace(
    `//# sourceMappingURL=${temporary}.mjs.map`,
    `//# sourceMappingURL=${name}.mjs.map`,
  );
  writeFileSync(join(SCRIPT_CACHE, `${temporary}.mjs`), text);
  await rename(join(SCRIPT_CACHE, `${temporary}.mjs`), outfile);
  writeFileSync(join(SCRIPT_CACHE, `${temporary}.inputs.json`), `${JSON.stringify(inputs, null, 1)}\n`);
  await rename(join(SCRIPT_CACHE, `${temporary}.inputs.json`), inputsFileOf(outfile));
  return outfile;
}

/** Why `outfile` must be (re)built, or undefined when it is newer than every file it was made from. */
export function buildReason(outfile = SERVER_BUNDLE) {
  const inputsFile = inputsFileOf(outfile);
  if (!existsSync(outfile) || !existsSync(inputsFile)) return 'no build found';
  const builtAt = statSync(outfile).mtimeMs;
  for (const input of JSON.parse(readFileSync(inputsFile, 'utf8'))) {
    const path = join(root, input);
    if (!existsSync(path)) return `${input} is gone`;
    if (statSync(path).mtimeMs > builtAt) return `${input} changed since the last build`;
  }
  return undefined;
}

/**
 * Builds the server bundle when it is missing or out of date (another entry: always); true when it is
 * there and current, false when the build failed (esbuild has printed why).
 */
export async function ensureServerBuild({
  force = false,
  entry = SERVER_ENTRY,
  outfile = SERVER_BUNDLE,
} = {}) {
  const reason = force || entry !== SERVER_ENTRY ? 'asked to' : buildReason(outfile);
  if (!reason) return true;
  console.log(`Building ${relative(root, outfile)} (${reason})…`);
  try {
    await bundle(entry, outfile);
    return true;
  } catch (error) {
    // esbuild has printed its own errors with their files and lines; anything else (esbuild missing,
    // an unwritable dist folder) is printed here. The caller says what it gives up.
    if (!Array.isArray(error?.errors)) console.error(error instanceof Error ? error.message : error);
    return false;
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === resolve(process.argv[1])) {
  const args = process.argv.slice(2);
  const [entry, outfile] = args.filter((arg) => arg !== '--force').map((arg) => resolve(arg));
  if (entry && !outfile) {
    console.error('usage: node scripts/build-server.mjs [--force] [<entry> <outfile>]');
    process.exit(2);
  }
  const options = { force: args.includes('--force'), ...(entry && outfile ? { entry, outfile } : {}) };
  if (!(await ensureServerBuild(options))) {
    console.error('The server build failed.');
    process.exitCode = 1;
  }
}
