/**
 * Issue 30's figure: alert e-mail and webhook sent ≤ 60 s after the response is stored (p95, 1,000
 * complaints in a burst). The real server (the bundle `npm start` runs, in a child process) on PGlite (a data dir in the
 * OS temp folder) and on PostgreSQL (a fresh vv_bench_<random> database of BENCH_DATABASE_URL, always
 * dropped), its SMTP_URL a real SMTP server (smtp-server) in this process on loopback. The demo owner
 * adds a company-wide complaint rule through the console API; then BENCH_ALERTS_COUNT (1,000) complaint
 * creates go out at once (BENCH_ALERTS_CONCURRENCY, 100, in flight), and each mail is matched to its
 * response by the console link it carries; a webhook subscribed to `response.created` (its receiver on
 * loopback in this process, WEBHOOK_ALLOW_PRIVATE=1) is timed the same way by its `webhook-id`. A response counts as stored when its create's answer
 * arrives (the commit is before the answer, so the figure is a little shorter than the truth by at
 * most the answer's trip on loopback). BENCH_ALERTS_KINDS=pglite (or postgres) measures one database.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { scratchPostgres } from '../apps/server/test/databases';
import { startSmtpListener } from '../apps/server/test/support/mail';
import {
  buildServer,
  freePort,
  SERVER_BUNDLE,
  SERVER_NODE_ARGS,
  serverEnv,
  waitForHealth,
} from '../apps/server/test/support/main-process';
import { DEFAULT_BENCH_DATABASE_URL } from './lib/bench-db';
import { spawnChild } from './lib/child';
import { DEMO_SUBMIT_HEADERS, demoCreateBody } from './lib/demo-create';
import { type BenchResult, checkGoal, type Metric, machine, writeResult } from './lib/result';
import { percentile, round } from './lib/stats';

const COUNT = Number(process.env.BENCH_ALERTS_COUNT ?? 1_000);
const CONCURRENCY = Number(process.env.BENCH_ALERTS_CONCURRENCY ?? 100);
const GOAL_S = 60;
/** How long the bench waits for the last mail before it reports what is missing. */
const WAIT_MS = 10 * 60_000;
const KINDS = (process.env.BENCH_ALERTS_KINDS ?? 'pglite,postgres')
  .split(',')
  .filter((k): k is Kind => k === 'pglite' || k === 'postgres');
type Kind = 'pglite' | 'postgres';
const label = (kind: Kind) => (kind === 'pglite' ? 'PGlite' : 'PostgreSQL');

/** demo-bistro's create with question 101 (its triggerComplaint drill-down) answered: a complaint. */
function complaintBody(): string {
  const body = JSON.parse(demoCreateBody()) as {
    payload: { guid: string; questionMap: number[]; answers: { questions: { id: number }[] } };
  };
  body.payload.guid = randomUUID();
  if (!body.payload.answers.questions.some((q) => q.id === 101))
    throw new Error('the demo create lost question 101');
  return JSON.stringify(body);
}

async function signInOwner(base: string): Promise<string> {
  const answer = await fetch(`${base}/api/v1/console/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ email: 'owner@demo.test', password: 'demo-owner-1234' }),
  });
  const cookie = answer.headers.get('set-cookie')?.split(';')[0];
  if (answer.status !== 200 || !cookie) throw new Error(`sign-in refused: ${answer.status}`);
  return cookie;
}

/** A receiver on loopback: when each `response.created` first arrived, by response id (answers 204). */
async function startReceiver(): Promise<{ url: string; first: Map<number, number>; close(): Promise<void> }> {
  const first = new Map<number, number>();
  const server = createServer((request, response) => {
    const at = Date.now();
    request.resume();
    request.on('end', () => {
      const id = Number(
        String(request.headers['webhook-id'] ?? '').match(/^msg_response\.created_(\d+)$/)?.[1],
      );
      if (Number.isInteger(id) && !first.has(id)) first.set(id, at);
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    first,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function addWebhook(base: string, cookie: string, url: string): Promise<void> {
  const answer = await fetch(`${base}/api/v1/console/webhooks`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base, cookie },
    body: JSON.stringify({ url, events: ['response.created'] }),
  });
  if (answer.status >= 300)
    throw new Error(`the webhook was refused: ${answer.status} ${await answer.text()}`);
}

async function addRule(base: string, cookie: string): Promise<void> {
  const answer = await fetch(`${base}/api/v1/console/alert-rules`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base, cookie },
    body: JSON.stringify({ name: 'Every complaint', kind: 'complaint', branchId: null, recipientIds: [1] }),
  });
  if (answer.status !== 201) throw new Error(`the rule was refused: ${answer.status} ${await answer.text()}`);
}

/** Sends the creates, CONCURRENCY at a time; answers each response id with when its answer came. */
async function burst(base: string): Promise<Map<number, number>> {
  const stored = new Map<number, number>();
  let next = 0;
  const worker = async () => {
    while (next < COUNT) {
      next += 1;
      const answer = await fetch(`${base}/api/v1/survey/submit`, {
        method: 'POST',
        headers: DEMO_SUBMIT_HEADERS,
        body: complaintBody(),
      });
      const at = Date.now();
      const body = (await answer.json()) as { data?: { id: number } };
      if (answer.status !== 200 || !body.data) throw new Error(`a create failed: ${answer.status}`);
      stored.set(body.data.id, at);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return stored;
}

interface Run {
  latencies: number[];
  missing: number;
  hookLatencies: number[];
  hookMissing: number;
  burstSeconds: number;
}

async function runKind(kind: Kind): Promise<Run> {
  const smtp = await startSmtpListener();
  const receiver = await startReceiver();
  const dataDir = mkdtempSync(join(tmpdir(), 'vv-bench-alerts-'));
  const scratch =
    kind === 'postgres'
      ? await scratchPostgres(process.env.BENCH_DATABASE_URL || DEFAULT_BENCH_DATABASE_URL, 'vv_bench')
      : null;
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = spawnChild(process.execPath, [...SERVER_NODE_ARGS, SERVER_BUNDLE], {
    ...serverEnv({ port, dataDir, ...(scratch ? { databaseUrl: scratch.url } : {}) }),
    SMTP_URL: smtp.url,
    PUBLIC_URL: base,
    WEBHOOK_ALLOW_PRIVATE: '1',
  });
  // Each mail's arrival, stamped as this process sees it come (polled every 20 ms).
  const arrived: number[] = [];
  const stamp = setInterval(() => {
    while (arrived.length < smtp.received.length) arrived.push(Date.now());
  }, 20);
  try {
    await waitForHealth(base, server.process, { limitMs: 120_000, pollMs: 200, output: server.stderr });
    const cookie = await signInOwner(base);
    await addRule(base, cookie);
    await addWebhook(base, cookie, receiver.url);
    const started = Date.now();
    const stored = await burst(base);
    const burstSeconds = (Date.now() - started) / 1000;
    const deadline = Date.now() + WAIT_MS;
    while (
      (smtp.received.length < stored.size || receiver.first.size < stored.size) &&
      Date.now() < deadline
    ) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    clearInterval(stamp);
    while (arrived.length < smtp.received.length) arrived.push(Date.now());
    const latencies: number[] = [];
    smtp.received.forEach((mail, index) => {
      const id = Number(mail.text.match(/\/console\/responses\/(\d+)/)?.[1]);
      const at = stored.get(id);
      const came = arrived[index];
      if (at !== undefined && came !== undefined) latencies.push((came - at) / 1000);
    });
    const hookLatencies = [...stored].flatMap(([id, at]) => {
      const came = receiver.first.get(id);
      return came === undefined ? [] : [(came - at) / 1000];
    });
    return {
      latencies,
      missing: stored.size - latencies.length,
      hookLatencies,
      hookMissing: stored.size - hookLatencies.length,
      burstSeconds,
    };
  } finally {
    clearInterval(stamp);
    await server.stop(15_000);
    await smtp.close();
    await receiver.close();
    await scratch?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

buildServer();
const metrics: Metric[] = [];
for (const kind of KINDS) {
  const run = await runKind(kind);
  const figure = (id: string, what: string, latencies: number[], missing: number, noun: string): Metric => {
    const p95 = latencies.length ? round(percentile(latencies, 95), 1) : null;
    // One that never came counts as the goal missed, whatever the others did.
    const value = missing > 0 ? null : p95;
    return {
      id: `${id}-${kind}`,
      label: `${label(kind)}: response stored → ${what}, p95 of ${COUNT} complaints in a burst`,
      value,
      unit: 's',
      perRun: p95 === null ? [] : [p95],
      goal:
        missing > 0 ? { text: `≤ ${GOAL_S} s`, met: false } : checkGoal(value, '<=', GOAL_S, `≤ ${GOAL_S} s`),
      note:
        `p50 ${round(percentile(latencies, 50), 1)} s, max ${round(Math.max(...latencies), 1)} s; ` +
        `the burst took ${round(run.burstSeconds, 1)} s` +
        (missing > 0 ? `; ${missing} ${noun} never came within ${WAIT_MS / 60_000} min` : ''),
    };
  };
  metrics.push(figure('alert-mail-p95', 'alert mail received', run.latencies, run.missing, 'mails'));
  metrics.push(
    figure(
      'webhook-p95',
      'response.created webhook received',
      run.hookLatencies,
      run.hookMissing,
      'webhooks',
    ),
  );
}

const result: BenchResult = {
  name: 'alerts',
  title: 'Alert e-mails and webhooks after a burst of complaints (issue 30)',
  ...machine(),
  runs: 1,
  method: [
    `The real server (the bundle npm start runs) with SMTP_URL pointing at a real SMTP server on loopback in the bench's process, one company-wide complaint rule mailing the demo owner.`,
    `${COUNT} complaint creates at once, ${CONCURRENCY} in flight; each mail is matched to its response by its console link, each webhook by its webhook-id.`,
    'A webhook subscribed to response.created, its receiver on loopback in the bench process (WEBHOOK_ALLOW_PRIVATE=1), answering 204.',
    'From the create’s answer (the response is committed before it) to the mail’s arrival at the SMTP server.',
  ],
  metrics,
};
writeResult(result);
