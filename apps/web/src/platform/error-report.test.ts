import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createErrorReporter, reportPath, scrub } from './error-report';
import { startErrorReporting } from './error-report-start';
import { logError } from './log';

const URL_ = 'https://errors.example.com/report';
const beacon = vi.fn((_url: string, _body: string) => true);
const sent = () => beacon.mock.calls.map(([, body]) => JSON.parse(body));
let stop: () => void = () => {};

beforeEach(() => {
  beacon.mockClear();
  Object.defineProperty(window.navigator, 'sendBeacon', { value: beacon, configurable: true });
  vi.spyOn(console, 'error').mockImplementation(() => {});
  window.history.replaceState(null, '', '/questions?guestRef=jane%40example.com#top');
});

afterEach(() => {
  stop();
  vi.restoreAllMocks();
});

function rejection(reason: unknown): Event {
  return Object.assign(new Event('unhandledrejection'), { reason });
}

describe('what a report may carry', () => {
  it.each([
    [
      'GET https://x.example/api/v1/survey/transaction?pin=123456 failed',
      'GET https://x.example/api/v1/survey/transaction failed',
    ],
    ['fetch /api/v1/survey/config?edge=core#x', 'fetch /api/v1/survey/config'],
    ['No receipt for jane.doe+bistro@example.co.uk', 'No receipt for [email]'],
    ['PIN 123456 or phone 07700900123 seen', 'PIN [number] or phone [number] seen'],
    ['Table 12 at 9:30 is fine', 'Table 12 at 9:30 is fine'],
  ])('masks %j', (text, expected) => {
    expect(scrub(text)).toBe(expected);
  });

  it('cuts a long message', () => {
    expect(scrub('x'.repeat(2000))).toHaveLength(500);
  });

  it.each([
    ['/questions', '/questions'],
    ['/check_in/guest_receipt_pin_entry', '/check_in/guest_receipt_pin_entry'],
    ['/demo-bistro', '/demo-bistro'],
    ['/demo-bistro/123456', '/demo-bistro/…'],
    ['/demo-bistro/pve/AB12CD', '/demo-bistro/…'],
  ])('reports the page %s as %s', (pathname, expected) => {
    expect(reportPath(pathname)).toBe(expected);
  });
});

describe('error reporting switched off', () => {
  it('listens to nothing and sends nothing when VITE_ERROR_REPORT_URL is unset', () => {
    const listen = vi.spyOn(window, 'addEventListener');
    stop = startErrorReporting({ errorReportUrl: null, appVersion: '1.0.0' });
    window.dispatchEvent(new ErrorEvent('error', { message: 'boom' }));
    logError('The survey could not be submitted', { status: 500 });
    expect(listen).not.toHaveBeenCalled();
    expect(beacon).not.toHaveBeenCalled();
  });
});

describe('error reporting switched on', () => {
  beforeEach(() => {
    stop = startErrorReporting({ errorReportUrl: URL_, appVersion: '1.2.3' });
  });

  it('beacons an unhandled error with its stack, the page without query or fragment, and the release', () => {
    const error = new Error('Cannot read properties of undefined');
    window.dispatchEvent(new ErrorEvent('error', { message: error.message, error }));
    expect(beacon).toHaveBeenCalledWith(URL_, expect.any(String));
    const [report] = sent();
    expect(report).toMatchObject({
      source: 'error',
      message: 'Cannot read properties of undefined',
      path: '/questions',
      release: '1.2.3',
      stack: expect.stringContaining('Cannot read properties of undefined'),
    });
    expect(Number.isNaN(Date.parse(report.time))).toBe(false);
    expect(JSON.stringify(report)).not.toMatch(/jane|guestRef|#top/);
  });

  it('beacons an unhandled rejection', () => {
    window.dispatchEvent(rejection(new Error('network down')));
    window.dispatchEvent(rejection('plain reason'));
    expect(sent().map(({ source, message }) => [source, message])).toEqual([
      ['unhandledrejection', 'network down'],
      ['unhandledrejection', 'plain reason'],
    ]);
  });

  it('beacons logError calls with only numbers, flags and the masked error text of their context', () => {
    logError('The survey could not be submitted', {
      status: 503,
      retry: true,
      slug: 'demo-bistro',
      params: { pin: '123456' },
      answers: ['Lovely food'],
      error: 'POST /api/v1/survey/submit?guid=abc failed for jane@example.com',
    });
    expect(sent()).toEqual([
      expect.objectContaining({
        source: 'log',
        message: 'The survey could not be submitted',
        context: { status: 503, retry: true, error: 'POST /api/v1/survey/submit failed for [email]' },
      }),
    ]);
  });

  it('ignores the browser’s opaque "Script error." of another origin', () => {
    window.dispatchEvent(new ErrorEvent('error', { message: 'Script error.' }));
    expect(beacon).not.toHaveBeenCalled();
  });

  it('sends nothing more once stopped', () => {
    stop();
    window.dispatchEvent(new ErrorEvent('error', { message: 'late' }));
    logError('late');
    expect(beacon).not.toHaveBeenCalled();
  });
});

describe('flood control', () => {
  it('reports one problem once, and at most the limit per page', () => {
    const reporter = createErrorReporter({ url: URL_, release: '1', send: beacon, limit: 3 });
    for (let i = 0; i < 5; i += 1) reporter.report('log', 'same');
    for (const letter of ['a', 'b', 'c', 'd']) reporter.report('log', letter);
    expect(sent().map(({ message }) => message)).toEqual(['same', 'a', 'b']);
  });

  it('never throws when the browser refuses the beacon', () => {
    const reporter = createErrorReporter({
      url: URL_,
      release: '1',
      send: () => {
        throw new TypeError('beacon refused');
      },
    });
    expect(() => reporter.report('log', 'x')).not.toThrow();
  });
});
