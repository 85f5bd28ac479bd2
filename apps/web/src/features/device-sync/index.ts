/**
 * The device-sync feature's public face (decision 0170): the guest flow's reads from the tablet's copy,
 * the sync's facts and menu download for the settings, and polling and sync, which load once the device
 * is in app mode.
 */
export { deviceReadsCode, isOfflineLookup, noteOfflineLookup, withDeviceCopy } from './device-web-api';
export { afterConfigDownload, startSync } from './loaders';
export { menuDownloadWaitText, runMenuDownload } from './menu-flow';
export { refreshQueriesOnSync } from './query-freshness';
export { SyncFacts } from './sync-facts';
