import { parseWebConfig } from '../../platform/api';
import { useGuestSession } from './session-store';

/**
 * Before /questions (its route loader): the check-in's config gets the domain's full parse (zod loads
 * for it, requested long before on the guest's first touch) and becomes the session's `config`. Until
 * then no screen reads questions, data capture or demographics (decision 0078). A wrong answer throws
 * the client's INVALID_RESPONSE_FORMAT failure, shown by the route's error screen.
 */
export async function ensureFullConfig(): Promise<void> {
  const held = useGuestSession.getState().checkinConfig;
  if (useGuestSession.getState().config || !held) return;
  const config = await parseWebConfig(held);
  // A new setup while the parse ran holds another answer: that one is parsed on its own way in.
  if (useGuestSession.getState().checkinConfig !== held) return;
  useGuestSession.getState().update({ config, checkinConfig: null });
}
