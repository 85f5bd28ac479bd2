import { useDevice } from '../../platform/device-session';
import { brandingCss } from '../checkin';
import { surveysToStart } from './staff-surveys';

/**
 * The branding a tablet's staff screens wear (docs/design.md "Tablet (kiosk)"): that of the survey the
 * staff home starts first, as the guest frame does, so staff see what guests will see.
 */
export function useTabletBranding() {
  const device = useDevice((store) => store.state);
  const surveys = surveysToStart(
    device.config?.surveys ?? [],
    device.selectedTemplate,
    device.defaultTemplate,
  );
  return surveys[0]?.branding ?? device.config?.surveys?.[0]?.branding;
}

/** The branding as the `:root` style sheet of the guest frame (decision 0184), for a staff screen. */
export function TabletBranding() {
  return <style data-venue-branding="">{brandingCss(useTabletBranding())}</style>;
}
