/**
 * Lighthouse in Debian's Chromium: one fresh browser profile per launch, the performance category
 * only, and the figures and evidence the bench reports read out of the result (LHR).
 */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Config, type Flags, type Result } from 'lighthouse';
import { throttling } from 'lighthouse/core/config/constants.js';
import { chromium } from 'playwright-core';

export const CHROME_PATH = process.env.CHROME_PATH || '/usr/bin/chromium';
export const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
];

/** Lighthouse's mobile Slow 4G preset: 150 ms RTT, 1.6 Mbps down, CPU 4× slower. */
export const MOBILE_SLOW_4G = throttling.mobileSlow4G;

/** A browser with a new temporary profile (chrome-launcher deletes it on kill). */
export function launchChrome(): Promise<chromeLauncher.LaunchedChrome> {
  return chromeLauncher.launch({ chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS, logLevel: 'silent' });
}

/**
 * 'simulate': Lighthouse's default mobile run (Lantern simulates Slow 4G and the CPU from an
 * unthrottled load). 'observed': the page really runs with the CPU 4× slower (DevTools) while the
 * network is left to whatever the browser is connected through (the bench's link proxy).
 */
export type Throttling = 'simulate' | 'observed';

function config(mode: Throttling, keepStorage: boolean): Config {
  return {
    extends: 'lighthouse:default',
    settings: {
      onlyCategories: ['performance'],
      formFactor: 'mobile',
      throttlingMethod: mode === 'simulate' ? 'simulate' : 'devtools',
      throttling:
        mode === 'simulate'
          ? MOBILE_SLOW_4G
          : {
              ...MOBILE_SLOW_4G,
              // Zero turns DevTools' network throttling off: the link proxy is the network.
              requestLatencyMs: 0,
              downloadThroughputKbps: 0,
              uploadThroughputKbps: 0,
            },
      disableStorageReset: keepStorage,
      // viz's BeginFrame decisions (SendBeginFrameDecision), for throttledBeginFrames.
      additionalTraceCategories: 'viz',
    },
  };
}

export interface LighthouseFigures {
  lcpMs: number;
  fcpMs: number;
  cls: number;
  tbtMs: number;
  /** Lighthouse's measure of this machine's speed (higher is faster); the simulation scales by it. */
  benchmarkIndex: number;
  lcpElement: string;
  /** TTFB, load delay, load time, render delay of the LCP, in ms. */
  lcpPhases: Record<string, number>;
  longTasks: { url: string; ms: number; startMs: number }[];
  scripts: { url: string; totalMs: number; scriptingMs: number }[];
  mainThread: { group: string; ms: number }[];
  renderBlocking: { url: string; wastedMs: number }[];
  requests: number;
  warnings: string[];
  /**
   * When the page's main thread painted its first text or image (the trace's first
   * PaintTimingVisualizer::LayoutObjectPainted after navigation start), ms. FCP and LCP are the
   * moment the browser presented that frame, which can be later.
   */
  paintedMs: number;
  /**
   * BeginFrames viz withheld between navigation start and the LCP the browser presented (decisions
   * 0159, 0162): the display had not drawn the page's last frames (ThrottleUndrawnFrames) or the
   * page had not answered (Throttle/StopUnresponsiveClient), and then it offers the page one
   * BeginFrame a second. viz's decisions name no frame sink, so a throttled browser-UI client would
   * count too; unthrottled runs show none at all.
   */
  throttledBeginFrames: number;
  /** The LCP the browser presented in the load itself, ms; a simulated run's lcpMs is Lantern's. */
  observedLcpMs: number;
}

type TraceEvent = {
  name: string;
  ts: number;
  args?: { data?: { documentLoaderURL?: string }; reason?: string; should_send?: boolean };
};

const traceEvents = (trace: unknown) =>
  (trace as { traceEvents?: TraceEvent[] } | undefined)?.traceEvents ?? [];
const navigationStart = (events: TraceEvent[], url: string) =>
  events.find((e) => e.name === 'navigationStart' && e.args?.data?.documentLoaderURL === url);

/**
 * Fewer BeginFrames withheld than this is not viz's throttle: unthrottled runs had 0 or 1 (a frame's
 * delay), throttled ones 59–121 (a second or two of frames at 60 Hz). Six is 100 ms of frames.
 */
export const THROTTLED_FROM = 6;
/** viz did not hold the page's frames before its LCP (decisions 0159, 0162). */
export const notThrottled = (f: LighthouseFigures) => f.throttledBeginFrames < THROTTLED_FROM;

/** See LighthouseFigures.throttledBeginFrames; `lcpMs` is the observed LCP. */
export function throttledBeginFrames(trace: unknown, url: string, lcpMs: number): number {
  const events = traceEvents(trace);
  const start = navigationStart(events, url);
  if (!start || !Number.isFinite(lcpMs)) return 0;
  const end = start.ts + lcpMs * 1000;
  return events.filter(
    (e) =>
      e.name === 'SendBeginFrameDecision' &&
      e.args?.should_send === false &&
      /^(Throttle|Stop)(Undrawn|Unresponsive)/.test(e.args.reason ?? '') &&
      e.ts > start.ts &&
      e.ts < end,
  ).length;
}

/** See LighthouseFigures.paintedMs; NaN when the trace does not say. */
export function firstPaintedMs(trace: unknown, url: string): number {
  const events = traceEvents(trace);
  const start = navigationStart(events, url);
  if (!start) return Number.NaN;
  const painted = events.find(
    (e) => e.name === 'PaintTimingVisualizer::LayoutObjectPainted' && e.ts > start.ts,
  );
  return painted ? (painted.ts - start.ts) / 1000 : Number.NaN;
}

type Details = { items?: Record<string, unknown>[] } | undefined;
const items = (lhr: Result, id: string) => ((lhr.audits[id]?.details as Details)?.items ?? []) as never[];
const num = (lhr: Result, id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
const shortUrl = (url: string) => url.replace(/^https?:\/\/[^/]+/, '');
/** The load's own timings, which Lantern's simulated figures start from. */
const observedLcp = (lhr: Result) =>
  (items(lhr, 'metrics')[0] as { observedLargestContentfulPaint?: number } | undefined)
    ?.observedLargestContentfulPaint ?? Number.NaN;

/** The figures and evidence of one Lighthouse result. */
export function summarise(lhr: Result, trace?: unknown): LighthouseFigures {
  const observedLcpMs = observedLcp(lhr);
  const [elementTable, phaseTable] = items(lhr, 'largest-contentful-paint-element') as {
    items: { node?: { selector?: string; nodeLabel?: string }; phase?: string; timing?: number }[];
  }[];
  const node = elementTable?.items[0]?.node;
  return {
    lcpMs: num(lhr, 'largest-contentful-paint'),
    fcpMs: num(lhr, 'first-contentful-paint'),
    cls: num(lhr, 'cumulative-layout-shift'),
    tbtMs: num(lhr, 'total-blocking-time'),
    benchmarkIndex: lhr.environment.benchmarkIndex,
    lcpElement: node ? `${node.selector ?? '?'} ("${(node.nodeLabel ?? '').slice(0, 60)}")` : 'none',
    lcpPhases: Object.fromEntries(
      (phaseTable?.items ?? []).map((p) => [p.phase ?? '?', Math.round(p.timing ?? 0)]),
    ),
    longTasks: (items(lhr, 'long-tasks') as { url: string; duration: number; startTime: number }[])
      .slice(0, 8)
      .map((t) => ({ url: shortUrl(t.url), ms: Math.round(t.duration), startMs: Math.round(t.startTime) })),
    scripts: (items(lhr, 'bootup-time') as { url: string; total: number; scripting: number }[])
      .slice(0, 8)
      .map((s) => ({
        url: shortUrl(s.url),
        totalMs: Math.round(s.total),
        scriptingMs: Math.round(s.scripting),
      })),
    mainThread: (items(lhr, 'mainthread-work-breakdown') as { groupLabel: string; duration: number }[]).map(
      (g) => ({ group: g.groupLabel, ms: Math.round(g.duration) }),
    ),
    renderBlocking: (items(lhr, 'render-blocking-resources') as { url: string; wastedMs: number }[]).map(
      (r) => ({ url: shortUrl(r.url), wastedMs: Math.round(r.wastedMs) }),
    ),
    requests: items(lhr, 'network-requests').length,
    warnings: [...lhr.runWarnings, ...(lhr.runtimeError ? [lhr.runtimeError.message] : [])].map(String),
    paintedMs: firstPaintedMs(trace, lhr.requestedUrl ?? ''),
    throttledBeginFrames: throttledBeginFrames(trace, lhr.requestedUrl ?? '', observedLcpMs),
    observedLcpMs,
  };
}

/** One Lighthouse navigation of `url` in the browser at `port`; throws when Lighthouse could not measure. */
export async function runLighthouse(
  url: string,
  port: number,
  mode: Throttling,
  keepStorage = false,
): Promise<{ lhr: Result; figures: LighthouseFigures; trace: unknown }> {
  const flags: Flags = { port, logLevel: 'error', output: 'json' };
  const result = await lighthouse(url, flags, config(mode, keepStorage));
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const figures = summarise(result.lhr, result.artifacts.Trace);
  if (result.lhr.runtimeError || !Number.isFinite(figures.lcpMs)) {
    throw new Error(`Lighthouse could not measure ${url}: ${figures.warnings.join('; ') || 'no LCP'}`);
  }
  // The page's trace (DevTools Performance panel can open it): the evidence behind the figures.
  return { lhr: result.lhr, figures, trace: result.artifacts.Trace };
}

/**
 * Waits until the origin's service worker is active, which Workbox reaches only after its install
 * step has precached every file; returns how many files its precache holds. Looks from /api/health,
 * a page outside the app, so this wait loads no screen of it.
 */
export async function waitForServiceWorker(
  port: number,
  origin: string,
  timeoutMs = 90_000,
): Promise<number> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const context = browser.contexts()[0] ?? (await browser.newContext());
    const page = await context.newPage();
    await page.goto(`${origin}/api/health`);
    const entries = await page.evaluate(async (timeout) => {
      const deadline = Date.now() + timeout;
      for (;;) {
        const registration = await navigator.serviceWorker.getRegistration('/');
        if (registration?.active?.state === 'activated') {
          const names = (await caches.keys()).filter((name) => name.includes('precache'));
          let count = 0;
          for (const name of names) count += (await (await caches.open(name)).keys()).length;
          return count;
        }
        if (Date.now() > deadline) return -1;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    }, timeoutMs);
    await page.close();
    if (entries < 0) throw new Error(`no active service worker at ${origin} after ${timeoutMs} ms`);
    return entries;
  } finally {
    // Disconnects only: the browser belongs to chrome-launcher.
    await browser.close();
  }
}
