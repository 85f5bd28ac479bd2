import { CheckinPath, type RouteDecision } from '@venue-voice/domain';
import type { ComponentType } from 'react';

export type GuestStep = Exclude<
  CheckinPath,
  typeof CheckinPath.TEAM_MEMBER_RECEIPT_PIN_ENTRY | typeof CheckinPath.TEAM_MEMBER_TABLE_NUMBER_ENTRY
>;

/** Both nearby-venue steps show the same screen. */
const nearby = async () => (await import('./find-venue/find-venue-screen')).NearbyLocationsScreen;

/**
 * The guest check-in screens, each its own chunk: a guest sees two or three of them, and the first
 * screen a guest opens (the venue address) must stay small. The routes load them from here.
 */
export const checkinScreens: Record<GuestStep, () => Promise<ComponentType>> = {
  [CheckinPath.FIND_VENUE]: async () => (await import('./find-venue/find-venue-screen')).FindVenueScreen,
  [CheckinPath.LIST_NEARBY_LOCATIONS]: nearby,
  [CheckinPath.LOCATION_CHECK_IN]: nearby,
  [CheckinPath.ABOUT_VISIT]: async () => (await import('./about-visit/about-visit-screen')).AboutVisitScreen,
  [CheckinPath.GUEST_RECEIPT_PIN_ENTRY]: async () =>
    (await import('./receipt-entry/pin-entry-screen')).PinEntryScreen,
  [CheckinPath.GUEST_TABLE_NUMBER_ENTRY]: async () =>
    (await import('./receipt-entry/pin-entry-screen')).TableNumberEntryScreen,
  [CheckinPath.DIGITAL_RECEIPT]: async () =>
    (await import('./digital-receipt/digital-receipt-screen')).DigitalReceiptScreen,
  [CheckinPath.GET_STARTED]: async () => (await import('./get-started/get-started-screen')).GetStartedScreen,
};

const isGuestStep = (path: string): path is GuestStep => Object.hasOwn(checkinScreens, path);

/** The screens whose code has arrived: their routes render them at once (decision 0166). */
const loadedScreens = new Map<GuestStep, ComponentType>();
export const loadedScreen = (path: GuestStep) => loadedScreens.get(path);

/** Loads a step's screen and keeps it for its route. */
export async function loadScreen(path: GuestStep): Promise<ComponentType> {
  const screen = await checkinScreens[path]();
  loadedScreens.set(path, screen);
  return screen;
}

/**
 * Loads the code of the check-in screen a decision goes to, so the navigation that follows finds it
 * loaded and renders it in the same task, with no "loading" render of the whole page first (decisions
 * 0161, 0166). A failed download is left to the route: its own load then succeeds or shows the route's
 * error, as without the preload.
 */
export async function preloadScreenFor(decision: RouteDecision): Promise<void> {
  if (decision.type !== 'navigate') return;
  const path = decision.to.split('?')[0] ?? '';
  if (!isGuestStep(path)) return;
  await loadScreen(path).catch(() => undefined);
}
