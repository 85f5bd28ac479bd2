import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureTemplate, TEMPLATE_ROOT, templateDirOf } from '../src/db/connection-template';

/**
 * One folder for the run's PGlite data dirs (test/databases.ts), removed when the run ends, whatever the
 * tests left there. The test workers, started after this, inherit its path in their environment. The
 * install's template cluster (decision 0126) is made here once if missing, so the workers do not each
 * run initdb and the migrations at the same time on a fresh clone.
 */
export async function setup(): Promise<() => void> {
  const root = mkdtempSync(join(tmpdir(), 'vv-test-pglite-'));
  await ensureTemplate(templateDirOf(TEMPLATE_ROOT));
  process.env.TEST_PGLITE_DATA_DIRS = root;
  return () => rmSync(root, { recursive: true, force: true });
}
