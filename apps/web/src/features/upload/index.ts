/** The upload feature's public face (decision 0170): the photo step, loaded on demand. */
export { loadUploadScreen } from './loaders';
