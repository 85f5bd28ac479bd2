/** The sharing feature's public face (decision 0170): the recommend and share screens, loaded on demand. */
export { loadRecommendScreen, loadShareScreen } from './loaders';
