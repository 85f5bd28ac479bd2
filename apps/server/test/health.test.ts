import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import type { Db } from '../src/db/connection';
import { systemClock } from '../src/lib/clock';
import { unusedMailer } from './support/mail';
import { TEST_PASSCODE_KEY } from './support/passcode-key';
import { tempPhotoStorage } from './support/photo-storage';

describe('GET /api/health without a database', () => {
  it('answers 503 10021 (retryable) when the database does not answer', async () => {
    const db = {
      execute: async () => {
        throw new Error('connection refused');
      },
    } as unknown as Db;
    const photos = await tempPhotoStorage();
    const app = await buildApp({
      db,
      config: { logLevel: 'silent' },
      clock: systemClock,
      storage: photos.storage,
      passcodeKey: TEST_PASSCODE_KEY,
      mailer: unusedMailer(),
    });
    app.addHook('onClose', photos.remove);
    const r = await app.inject({ method: 'GET', url: '/api/health' });
    expect(r.statusCode).toBe(503);
    expect(r.json().error).toMatchObject({ code: 10021, detail: { database: 'unavailable' } });
    expect(r.body).not.toContain('connection refused');
    await app.close();
  });
});
