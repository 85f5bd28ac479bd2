/** The checkout's screens, each its own chunk. */
export const loadCheckoutScreen = () => import('./checkout-screen');
export const loadThankYouScreen = () => import('./thank-you-screen');
