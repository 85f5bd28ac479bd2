import { describe, expect, it } from 'vitest';
import { firstPaintedMs, throttledBeginFrames } from '../bench/lib/lighthouse-run';

// The Lighthouse bench leaves out of its goal rows the runs whose first frames viz withheld
// (decisions 0159, 0162); these are the trace readings it decides by, on hand-made traces.
const URL = 'http://127.0.0.1:4000/demo-bistro';
const START = 1_000_000; // µs, the page's navigationStart
const at = (ms: number) => START + ms * 1000;

const navigation = (url = URL, ts = START) => ({
  name: 'navigationStart',
  ts,
  args: { data: { documentLoaderURL: url } },
});
const decision = (ms: number, should_send: boolean, reason: string) => ({
  name: 'SendBeginFrameDecision',
  ts: at(ms),
  args: { should_send, reason },
});
const trace = (...traceEvents: object[]) => ({ traceEvents });

describe('throttledBeginFrames: BeginFrames viz withheld before the presented LCP', () => {
  it.each([
    ['ThrottleUndrawnFrames', 1],
    ['ThrottleUnresponsiveClient', 1],
    ['StopUnresponsiveClient', 1],
    ['StopNotRequestedBeginFrame', 0],
    ['SendDefault', 0],
  ])('counts a withheld frame of reason %s as %i', (reason, count) => {
    expect(throttledBeginFrames(trace(navigation(), decision(300, false, reason)), URL, 2000)).toBe(count);
  });

  it('counts only frames withheld, between the navigation and the LCP', () => {
    const events = trace(
      decision(-5, false, 'ThrottleUndrawnFrames'), // before this navigation
      navigation(),
      decision(210, true, 'SendDefault'),
      decision(220, false, 'ThrottleUndrawnFrames'),
      decision(236, false, 'ThrottleUndrawnFrames'),
      decision(2300, false, 'ThrottleUndrawnFrames'), // after the LCP
    );
    expect(throttledBeginFrames(events, URL, 2250)).toBe(2);
  });

  it('measures from the navigation of the page asked for, not an earlier document', () => {
    const events = trace(
      navigation('about:blank', at(-1000)),
      decision(-500, false, 'ThrottleUndrawnFrames'),
      navigation(),
      decision(100, false, 'ThrottleUndrawnFrames'),
    );
    expect(throttledBeginFrames(events, URL, 2000)).toBe(1);
  });

  it('says 0 when the trace has no navigation of the page or no LCP', () => {
    const withheld = decision(100, false, 'ThrottleUndrawnFrames');
    expect(throttledBeginFrames(trace(withheld), URL, 2000)).toBe(0);
    expect(throttledBeginFrames(trace(navigation(), withheld), URL, Number.NaN)).toBe(0);
    expect(throttledBeginFrames(undefined, URL, 2000)).toBe(0);
  });
});

describe('firstPaintedMs: when the page painted its first text or image', () => {
  it('is the first LayoutObjectPainted after the navigation, in ms', () => {
    const painted = (ms: number) => ({ name: 'PaintTimingVisualizer::LayoutObjectPainted', ts: at(ms) });
    expect(firstPaintedMs(trace(painted(-20), navigation(), painted(431.5), painted(900)), URL)).toBe(431.5);
  });

  it('is NaN when the trace does not say', () => {
    expect(firstPaintedMs(trace(navigation()), URL)).toBeNaN();
    expect(firstPaintedMs(trace(), URL)).toBeNaN();
  });
});
