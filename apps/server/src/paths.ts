import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * apps/server, found from this module's own folder: src/ when run from the sources (tsx, tests), dist/
 * when run from the bundle `npm start` builds (decision 0153). Both sit one level below it, so files
 * the server reads beside its code (the migrations, npm's cache folder) resolve the same either way.
 */
export const SERVER_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
