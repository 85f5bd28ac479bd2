/** What other features' tests use of the offline queue's test kit (tests only; decision 0170). */
export { getPhoto, readQueue } from './queue-db';
export { useQueueStatusStore } from './queue-status';
export { createRequest, nextGuid, startQueueTest, supplementRequest } from './queue-test-kit';
