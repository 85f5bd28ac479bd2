import { describe, expect, it } from 'vitest';
import { afterAnswer } from '../src/lib/after-answer';

const silentLog = () => {
  const errors: string[] = [];
  return {
    errors,
    log: { error: (_details: Record<string, unknown>, message: string) => errors.push(message) },
  };
};

describe('work after the answer (a password reset mail)', () => {
  it('settle waits for work still running, so a server closing right after the answer lets the mail finish', async () => {
    const { log } = silentLog();
    const jobs = afterAnswer();
    let sent = false;
    jobs.run(log, 'reset mail', async () => {
      await new Promise((resolve) => setTimeout(resolve, 30));
      sent = true;
    });
    expect(sent).toBe(false);
    await jobs.settle();
    expect(sent).toBe(true);
  });

  it('a failure is logged, never thrown, and settle still ends; finished work is not waited for again', async () => {
    const { log, errors } = silentLog();
    const jobs = afterAnswer();
    jobs.run(log, 'reset mail', async () => {
      throw new Error('SMTP down');
    });
    await jobs.settle();
    expect(errors).toEqual(['reset mail failed']);
    await expect(jobs.settle()).resolves.toBeUndefined();
  });
});
