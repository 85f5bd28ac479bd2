/**
 * The device-queue feature's public face (decision 0170): the tablet's offline queue (queue.ts). Its users
 * load it on demand (`import('../device-queue')`), so that its code stays off the guest's first screen.
 */
export {
  configureQueue,
  loadQueueStatus,
  pauseSending,
  queuedPhoto,
  queueRequest,
  retryAttention,
  submitInAppMode,
  uploadStored,
} from './queue';
export { useQueueStatus } from './queue-status';
