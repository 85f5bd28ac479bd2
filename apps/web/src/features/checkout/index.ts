/** The checkout feature's public face (decision 0170): its two screens, each loaded on demand. */
export { loadCheckoutScreen, loadThankYouScreen } from './loaders';
