/** Test helpers of the check-in screens (imported by tests only). */
import { venueConfig } from '../../test/render-app';
import { type GuestSession, useGuestSession } from '../session/session-store';

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
