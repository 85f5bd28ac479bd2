import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { localDateTimeAt } from '@venue-voice/domain';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_SIGN_INS } from './support/console';
import {
  buildServer,
  freePort,
  REPO_ROOT,
  SERVER_BUNDLE,
  serverEnv,
  spawnServer,
  stopProcess,
  waitForHealth,
} from './support/main-process';

// The bundle `npm start` runs with plain node (scripts/build-server.mjs, decision 0153): the files the
// server finds from its own module's folder (migrations, PGlite's template, Swagger UI's assets, the
// photo converter) must resolve from apps/server/dist as they do from the sources.
describe('the server bundle npm start runs', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'vv-bundle-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  const build = () =>
    spawnSync(process.execPath, ['scripts/build-server.mjs'], { cwd: REPO_ROOT, encoding: 'utf8' });

  it('is rebuilt when, and only when, a file it is made of changed', { timeout: 60_000 }, () => {
    buildServer();
    const builtAt = statSync(SERVER_BUNDLE).mtimeMs;
    const current = build();
    expect(current.status).toBe(0);
    expect(current.stdout).toBe('');
    expect(statSync(SERVER_BUNDLE).mtimeMs).toBe(builtAt);

    // A source saved again (same text, a newer time), as an editor does.
    const source = join(REPO_ROOT, 'apps/server/src/paths.ts');
    const later = new Date(Math.max(Date.now(), builtAt + 1000));
    utimesSync(source, later, later);
    const changed = build();
    expect(changed.status).toBe(0);
    expect(changed.stdout).toContain('apps/server/src/paths.ts changed since the last build');
    expect(statSync(SERVER_BUNDLE).mtimeMs).toBeGreaterThan(builtAt);
  });

  it('migrates and seeds a new data dir, serves the API and its docs', { timeout: 60_000 }, async () => {
    const port = await freePort();
    const server = spawnServer([SERVER_BUNDLE], serverEnv({ port, dataDir }));
    const base = `http://127.0.0.1:${port}`;
    const startedAt = Date.now();
    try {
      await waitForHealth(base, server.process, { limitMs: 50_000, pollMs: 50, output: server.output });
      // The demo seed is there: its survey answers by slug.
      const guest = { 'x-auth-type': 'web', 'x-survey-slug': 'demo-bistro' };
      const config = await fetch(`${base}/api/v1/survey/config?edge=surveys`, { headers: guest });
      expect(config.status).toBe(200);
      // Dated by this start (a copy of the demo template, decision 0165): receipt 123456 opened 90
      // minutes before it, as the seed has it.
      const lookup = await fetch(
        `${base}/api/v1/survey/transaction?branchId=1&templateId=1&pinType=pin&pin=123456`,
        { headers: guest },
      );
      const opened = ((await lookup.json()) as { data: { transaction: { checkOpenTime: string } } }).data
        .transaction.checkOpenTime;
      // On the branch's wall clock (Europe/London: G4.90, decision 0265); the text orders as time does.
      const minutesBefore = (minutes: number) =>
        localDateTimeAt(new Date(startedAt - minutes * 60_000), 'Europe/London');
      expect(opened > minutesBefore(91) && opened < minutesBefore(89), opened).toBe(true);
      await expect.poll(server.output).toContain('demo data seeded');
      const docs = await fetch(`${base}/api/docs/json`);
      expect(((await docs.json()) as { info: { title: string } }).info.title).toBe(
        'Venue Voice platform API',
      );
      // Swagger UI's files come from @fastify/swagger-ui's own folder, which the bundle finds at run time.
      const ui = await fetch(`${base}/api/docs/static/swagger-ui-bundle.js`);
      expect(ui.status).toBe(200);
      expect((await ui.text()).length).toBeGreaterThan(100_000);
      const page = await fetch(`${base}/api/docs`);
      expect(await page.text()).toContain('swagger-ui');
      // What the bundle leaves to node is found at run time: pdfkit, fontkit and the cards' font files.
      const session = await fetch(`${base}/api/v1/console/session`, {
        method: 'POST',
        headers: { origin: base, 'content-type': 'application/json' },
        body: JSON.stringify(DEMO_SIGN_INS.owner),
      });
      const cookie = session.headers.get('set-cookie')?.split(';')[0] ?? '';
      const cards = await fetch(`${base}/api/v1/console/surveys/1/branches/1/table-cards.pdf?tables=1`, {
        headers: { cookie },
      });
      expect([cards.status, cards.headers.get('content-type')]).toEqual([200, 'application/pdf']);
      expect((await cards.text()).startsWith('%PDF-')).toBe(true);
    } finally {
      await stopProcess(server.process, 10_000);
    }
    expect(server.process.exitCode).toBe(0);
  });
});
