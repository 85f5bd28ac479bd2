/**
 * The menu search on the tablet's copy with the waiting room (D4.48, `menuSearchReducer`): one search
 * runs at a time; searches typed meanwhile wait, and only the latest of them runs next. The one it
 * replaced ends with an AbortError, as an abandoned request would.
 */
import type { MenuQuery } from '@venue-voice/client';
import {
  type DownloadedProducts,
  idleMenuSearch,
  menuSearchReducer,
  type Product,
} from '@venue-voice/domain';
import { deviceProducts } from './device-menu';

type Waiting = { run(): void; abort(): void };

let state = idleMenuSearch;
let waiting: Waiting | null = null;
/** One search's key: its text and filters (the page too: a next page is its own search). */
const keyOf = (query: MenuQuery) => JSON.stringify(query);
// A search gives way to the event loop first, so the keystrokes of a burst meet in the waiting room.
const yieldToEvents = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

function finished(): void {
  const next = menuSearchReducer(state, { type: 'finished' });
  state = next.state;
  if (next.start === null) return;
  const run = waiting;
  waiting = null;
  run?.run();
}

/** Products for a query from the copy; text searches go through the waiting room. */
export function searchDeviceProducts(menu: DownloadedProducts, query: MenuQuery): Promise<Product[]> {
  if (query.text === undefined) return Promise.resolve(deviceProducts(menu, query));
  return new Promise<Product[]>((resolve, reject) => {
    const run = () => {
      yieldToEvents()
        .then(() => resolve(deviceProducts(menu, query)))
        .catch(reject)
        .finally(finished);
    };
    const next = menuSearchReducer(state, { type: 'search', value: keyOf(query) });
    state = next.state;
    if (next.start !== null) return run();
    waiting?.abort();
    waiting = {
      run,
      abort: () => reject(new DOMException('A later search replaced this one', 'AbortError')),
    };
  });
}

/** Tests: an idle waiting room. */
export function resetDeviceMenuSearch(): void {
  state = idleMenuSearch;
  waiting = null;
}
