/** Test helpers of the check-in screens (imported by tests only). */

import { type GuestSession, useGuestSession } from '../../shared/session/session-store';
import { venueConfig } from '../../test/render-app';

/** A session as the venue setup leaves it for demo-bistro, with the given changes. */
export function seedCheckin(changes: Partial<GuestSession> = {}): void {
  useGuestSession.getState().reset({
    slug: 'demo-bistro',
    config: venueConfig(),
    urlParams: { slug: 'demo-bistro' },
    ...changes,
  });
}

export const session = () => useGuestSession.getState();
