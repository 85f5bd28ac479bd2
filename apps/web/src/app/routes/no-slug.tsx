import { HardRedirect } from '../../platform/hard-redirect';
import { NOT_FOUND_PATH } from '../../platform/navigation';

/** `/` on the web: without a slug there is no survey to show (G2 noSlug). */
export function NoSlugRedirect() {
  return <HardRedirect to={NOT_FOUND_PATH} reason="No survey tag passed" />;
}

/** Addresses deeper than the G2 pattern allows: the slug cannot be trusted (G8 badSlug). */
export function BadAddressRedirect() {
  return <HardRedirect to={NOT_FOUND_PATH} reason="Bad survey tag used" />;
}
