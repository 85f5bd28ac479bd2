/**
 * The survey editor's preview (issue 31 item 4, decision 0258): the guest app at /preview, framed by the
 * console, running a survey's draft with the guest's own screens and storing nothing.
 */
export { loadPreviewPage } from './loaders';
