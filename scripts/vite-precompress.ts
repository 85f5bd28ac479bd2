import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

// The web app's and the console's builds (apps/*/vite.config.ts) both write compressed copies.

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

// Already-compressed formats (images, woff2) gain nothing and are left alone.
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|webmanifest|txt|xml|map|wasm)$/i;

async function* filesUnder(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(path);
    else if (entry.isFile()) yield path;
  }
}

/** Writes one compressed copy; a copy that is not smaller is not written (the server falls back). */
async function writeIfSmaller(path: string, original: Buffer, compressed: Buffer): Promise<void> {
  if (compressed.length < original.length) await writeFile(path, compressed);
}

/**
 * Writes `.br` and `.gz` next to every compressible file of the build, so the server sends them
 * as they are (@fastify/static `preCompressed`) instead of compressing on each request.
 */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'venue-voice:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    async closeBundle() {
      const jobs: Promise<void>[] = [];
      for await (const path of filesUnder(outDir)) {
        if (!COMPRESSIBLE.test(path)) continue;
        const original = await readFile(path);
        jobs.push(
          brotli(original, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
              [constants.BROTLI_PARAM_SIZE_HINT]: original.length,
            },
          }).then((out) => writeIfSmaller(`${path}.br`, original, out)),
          gzipAsync(original, { level: constants.Z_BEST_COMPRESSION }).then((out) =>
            writeIfSmaller(`${path}.gz`, original, out),
          ),
        );
      }
      await Promise.all(jobs);
    },
  };
}
