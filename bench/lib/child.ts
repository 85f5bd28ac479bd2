import { type ChildProcess, spawn } from 'node:child_process';
import { stopProcess } from '../../apps/server/test/support/main-process';
import { REPO_ROOT } from './result';

export interface Child {
  process: ChildProcess;
  /** Everything the child wrote to stderr so far, for error messages. */
  stderr(): string;
  /** SIGTERM, then SIGKILL after a grace period; resolves when the process has exited. */
  stop(graceMs?: number): Promise<void>;
}

/** Spawns a command from the repository root, keeping its stderr for diagnostics. */
export function spawnChild(command: string, args: string[], env: Record<string, string> = {}): Child {
  const child = spawn(command, args, {
    cwd: REPO_ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let errText = '';
  child.stderr?.setEncoding('utf8');
  child.stderr?.on('data', (chunk: string) => {
    errText = (errText + chunk).slice(-8000);
  });
  return {
    process: child,
    stderr: () => errText,
    stop: (graceMs = 5000) => stopProcess(child, graceMs),
  };
}

/** Resolves with the first stdout line matching `pattern`; rejects if the child exits first or times out. */
export function waitForLine(child: Child, pattern: RegExp, timeoutMs: number): Promise<RegExpMatchArray> {
  const stdout = child.process.stdout;
  if (!stdout) return Promise.reject(new Error('child has no stdout'));
  stdout.setEncoding('utf8');
  return new Promise((resolvePromise, reject) => {
    let buffer = '';
    const cleanup = () => {
      clearTimeout(timer);
      stdout.off('data', onData);
      child.process.off('exit', onExit);
    };
    const onData = (chunk: string) => {
      buffer += chunk;
      const match = buffer.match(pattern);
      if (match) {
        cleanup();
        resolvePromise(match);
      }
    };
    const onExit = (code: number | null) => {
      cleanup();
      reject(new Error(`child exited (${code}) before ready:\n${child.stderr()}`));
    };
    const timer = setTimeout(() => {
      cleanup();
      reject(new Error(`child not ready after ${timeoutMs} ms:\n${child.stderr()}`));
    }, timeoutMs);
    stdout.on('data', onData);
    child.process.on('exit', onExit);
  });
}
