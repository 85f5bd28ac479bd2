/**
 * The first screen the server rendered (decision 0169): what it rendered it from travels in the page
 * as JSON (a data block, never executed: the page's CSP allows no inline script), so the browser
 * starts from the same state and hydrates the server's HTML instead of asking the API again.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { BranchListing, Language } from '@venue-voice/domain';
import { applySetup, preloadScreenFor } from '../features/checkin';
import { setLanguage } from '../platform/i18n';
import type { GuestSession } from '../shared/session/session-store';

/** The id of the JSON data block in index.html. */
export const FIRST_SCREEN_ID = 'vv-first-screen';

export interface FirstScreen {
  /** The check-in step rendered ('/check_in/guest_receipt_pin_entry?slug=demo-bistro'). */
  path: string;
  language: Language;
  session: GuestSession;
  branches: BranchListing[];
}

/** JSON safe inside a script element: `<` never appears, so no `</script>` or `<!--` can end it early. */
export const firstScreenJson = (screen: FirstScreen): string =>
  JSON.stringify(screen).replace(/</g, '\\u003c');

/** The server's first screen in this page, once; null when the page came without one. */
export function takeFirstScreen(doc: Document): FirstScreen | null {
  const block = doc.getElementById(FIRST_SCREEN_ID);
  if (!block?.textContent) return null;
  block.remove();
  try {
    return JSON.parse(block.textContent) as FirstScreen;
  } catch {
    return null;
  }
}

/**
 * Makes the browser's state what the server rendered from, before hydrating: the language, the
 * session, the venues and the step's code, and the address the client's own setup would have gone to,
 * so the router matches the route the server rendered.
 */
export async function adoptFirstScreen(first: FirstScreen, queryClient: QueryClient): Promise<void> {
  await setLanguage(first.language);
  applySetup(first.session, first.branches, queryClient);
  await preloadScreenFor({ type: 'navigate', to: first.path });
  window.history.replaceState(null, '', first.path);
}
