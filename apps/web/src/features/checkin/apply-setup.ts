import type { QueryClient } from '@tanstack/react-query';
import type { BranchListing } from '@venue-voice/domain';
import { type GuestSession, useGuestSession } from '../../shared/session/session-store';
import { branchesQueryKey } from './find-venue/use-branches';

/**
 * Starts this tab's visit from a setup: the session it found, and the venues it downloaded, which the
 * steps that ask for a venue show at once instead of asking the server again. The browser does it
 * after its own setup or before hydrating the server's first screen; the server before rendering it.
 */
export function applySetup(session: GuestSession, branches: BranchListing[], queryClient: QueryClient): void {
  useGuestSession.getState().reset(session);
  if (session.slug) queryClient.setQueryData(branchesQueryKey(session.slug), branches);
}
