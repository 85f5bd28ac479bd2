/** What settings shows about the queue (device-mode.md §2 Settings; D4.9, D4.26, D4.33). */
import {
  type AttentionItem,
  type OfflineQueue,
  storedResponseCount,
  type UploadSummary,
} from '@venue-voice/domain';
import { create } from 'zustand';

export type QueueStatus = {
  /** Surveys with requests waiting to upload; null until the stored queue was read. */
  stored: number | null;
  /** A flush is running in this tab. */
  sending: boolean;
  /** Requests the server refused or that cannot be sent: kept and listed, never dropped (D4.33). */
  attention: AttentionItem[];
  /** The summary of the last upload (the congratulations or error modal's counts). */
  lastUpload: UploadSummary | null;
};

export const useQueueStatusStore = create<QueueStatus>(() => ({
  stored: null,
  sending: false,
  attention: [],
  lastUpload: null,
}));

export const publishQueue = (queue: OfflineQueue) =>
  useQueueStatusStore.setState({ stored: storedResponseCount(queue), attention: queue.attention });

/** The queue's status for screens (stored count, sending, needs-attention list). */
export const useQueueStatus = (): QueueStatus => useQueueStatusStore();
