/**
 * The frame feature's public face (decision 0170): the footer, the outdated-browser warning, and the
 * install and privacy pages, which load on demand.
 */
export { Footer } from './footer';
export { InstallInstructionsBody } from './install-page';
export { loadInstallPage, loadPrivacyPage } from './loaders';
export { useOutdatedBrowserWarning } from './outdated-browser';
