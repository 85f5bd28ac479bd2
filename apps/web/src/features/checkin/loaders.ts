/** The receipt PIN and table number screens (the guest's, and the team member's in app mode). */
export const loadPinEntryScreen = () => import('./receipt-entry/pin-entry-screen');
