import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const here = dirname(fileURLToPath(import.meta.url));

describe('in-process scheduler and shutdown', () => {
  it('a started scheduler never keeps the process alive', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', join(here, 'jobs-exit-script.ts')], {
      cwd: join(here, '..'),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
    });
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    // A timer holding the process would keep it for the 10-minute poll: kill it after a generous wait.
    const killer = setTimeout(() => child.kill('SIGKILL'), 45_000);
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    clearTimeout(killer);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(JSON.parse(stdout.trim())).toEqual({ started: true, runs: 1 });
  }, 60_000);
});
