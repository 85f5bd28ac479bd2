/**
 * The check-in feature's public face (decision 0170): the venue address, the entry rules and the guest
 * check-in steps. The step screens load on demand (checkin-screens.ts, loaders.ts).
 */
export { applySetup } from './apply-setup';
export { brandingCss, safeImageUrl } from './branding';
export { configFetchedDecision } from './checkin-flow';
export { CheckinLayout } from './checkin-layout';
export { type GuestStep, loadedScreen, loadScreen, preloadScreenFor } from './checkin-screens';
export { EntryGuard } from './entry-guard';
export { loadPinEntryScreen } from './loaders';
export { usePerformDecision } from './use-route-decision';
export { parseVenueAddress } from './venue-address';
export { VenueFrame } from './venue-frame';
export { VenueLanding } from './venue-landing';
export { linkLookupKey, loadSetup, type SetupResult } from './venue-setup';
