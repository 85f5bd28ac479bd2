/**
 * The app-update feature's public face (decision 0170): the update prompts, the 'app updated' banner and
 * the tablet's install-app modal. The layer is app mode only and loads on demand.
 */
export { connectAppUpdates } from './connect';
export { loadAppUpdateLayer } from './loaders';
