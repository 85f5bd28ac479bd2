/** The consent feature's public face (decision 0170): the cookie consent banner of every screen. */
export { ConsentGate } from './consent-gate';
