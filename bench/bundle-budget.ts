/**
 * What the first guest screen downloads, read from the web build's manifest (no browser): a guest who
 * opens /demo-bistro gets index.html, its entry chunk and every chunk the entry imports statically
 * (modulepreload), then the venue address sends them to the receipt PIN screen, whose lazy chunk and
 * its static imports load next. The sum of their gzip sizes is the figure of the issue 5 budget.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { constants, gzipSync } from 'node:zlib';
import { REPO_ROOT } from './lib/result';

/**
 * What the budget test enforces: the last measured figure plus a little, so a regression shows, and
 * never over 0.4× SurveyJS's first screen (166.5 kB; issue 25, decisions 0169 and 0172), the goal that
 * replaced issue 5's ≤ 100 kB when the app moved to React 19 and i18next. Figures: 165.1 kB with issue 31's
 * lazy /preview route and the restyled screens' own CSS and chunks (issue 26: their names in the entry's
 * preload lists, no code on the first screen); 164.7 kB with the
 * survey's English texts loaded with its routes (issue 26: questions, checkout, sharing, upload), 166.5 kB (166.52) with
 * the venue's branding in contrast-safe shades on the whole page and the header's venue name (issue 26,
 * decision 0184); 164.8 kB with the
 * tablet's texts apart (0169), 166.2 with React Router as its package exports it (no alias to its
 * production build: an import says what runs); 168.3 without the check-in's hand checks (0173); 168.9 with React 19 and
 * i18next (0169); 93.6 on Preact with our own t() and zod a lazy chunk (0078). Lower it with every saving.
 */
export const BUDGET_CEILING_KB = 165.5;
/** The build measured: apps/web/dist, or the one WEB_DIST names (the build the e2e server serves). */
export const WEB_DIST = process.env.WEB_DIST ?? join(REPO_ROOT, 'apps', 'web', 'dist');
/** The manifest keys of what the first screen runs: the HTML entry, then the PIN entry screen. */
export const FIRST_SCREEN_MODULES = ['index.html', 'src/features/checkin/receipt-entry/pin-entry-screen.tsx'];

interface ManifestChunk {
  file: string;
  src?: string;
  name?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

export interface ChunkSize {
  file: string;
  /** The manifest key that first reached this chunk (the screen, or the chunk that imports it). */
  via: string;
  bytes: number;
  gzipBytes: number;
}

export interface BundleFigure {
  chunks: ChunkSize[];
  totalGzipBytes: number;
  totalBytes: number;
}

export function readManifest(dist = WEB_DIST): Manifest {
  const path = join(dist, '.vite', 'manifest.json');
  if (!existsSync(path)) {
    throw new Error(`No build manifest at ${path}: run \`npm run build\` first (build.manifest is on).`);
  }
  return JSON.parse(readFileSync(path, 'utf8')) as Manifest;
}

/**
 * The JavaScript chunks reachable from `roots` through static imports only, in load order, each
 * once. Dynamic imports are left out: they load when a later screen or an action needs them.
 */
export function reachableChunks(
  manifest: Manifest,
  roots: readonly string[],
): { key: string; via: string }[] {
  const seen = new Set<string>();
  const order: { key: string; via: string }[] = [];
  const visit = (key: string, via: string) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`The build manifest has no "${key}" (a renamed screen? see ${via}).`);
    seen.add(key);
    order.push({ key, via });
    for (const imported of chunk.imports ?? []) visit(imported, key);
  };
  for (const root of roots) visit(root, root);
  return order;
}

/** Gzip at the level the server's precompressed `.gz` files use (vite.config.ts precompress). */
export const gzipSize = (content: Buffer) =>
  gzipSync(content, { level: constants.Z_BEST_COMPRESSION }).length;

/** Scripts index.html loads that are not part of Vite's chunk graph (public/, e.g. the browser check). */
export function classicScripts(dist = WEB_DIST): string[] {
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  return [...html.matchAll(/<script\b[^>]*\bsrc="\/([^"]+)"/g)]
    .map((match) => match[1] as string)
    .filter((file) => !file.startsWith('assets/'));
}

/** Sizes of the first screen's JavaScript in the build at `dist`. */
export function measureFirstScreen(dist = WEB_DIST, roots = FIRST_SCREEN_MODULES): BundleFigure {
  const manifest = readManifest(dist);
  const files = [
    ...classicScripts(dist).map((file) => ({ file, via: 'index.html' })),
    ...reachableChunks(manifest, roots).map(({ key, via }) => ({
      file: (manifest[key] as ManifestChunk).file,
      via,
    })),
  ];
  const chunks = files
    .filter(({ file }) => file.endsWith('.js'))
    .map(({ file, via }) => {
      const content = readFileSync(join(dist, file));
      return { file, via, bytes: content.length, gzipBytes: gzipSize(content) };
    });
  return {
    chunks,
    totalGzipBytes: chunks.reduce((sum, c) => sum + c.gzipBytes, 0),
    totalBytes: chunks.reduce((sum, c) => sum + c.bytes, 0),
  };
}

export const kb = (bytes: number) => Math.round(bytes / 100) / 10;

/** One line per chunk, largest first, then the total: the breakdown a failed budget prints. */
export function breakdown(figure: BundleFigure): string {
  const rows = [...figure.chunks]
    .sort((a, b) => b.gzipBytes - a.gzipBytes)
    .map(
      (c) =>
        `${kb(c.gzipBytes).toFixed(1).padStart(7)} kB gzip  ${kb(c.bytes).toFixed(1).padStart(7)} kB  ${c.file}  (via ${c.via})`,
    );
  return [
    ...rows,
    `${kb(figure.totalGzipBytes).toFixed(1).padStart(7)} kB gzip in total (${figure.chunks.length} chunks)`,
  ].join('\n');
}

// `npx tsx bench/bundle-budget.ts [dist]` prints the breakdown of a build.
if (process.argv[1]?.endsWith('bundle-budget.ts')) {
  console.log(breakdown(measureFirstScreen(process.argv[2] ?? WEB_DIST)));
}
