/** What settings and the staff home show about the queue (device-mode.md §2; D2.20, D4.9, D4.26, D4.33). */
import {
  type AttentionItem,
  type OfflineQueue,
  responsesOnDevice,
  storedResponseCount,
  type UploadSummary,
} from '@venue-voice/domain';
import { create } from 'zustand';

export type QueueStatus = {
  /** Surveys with requests waiting to upload; null until the stored queue was read. */
  stored: number | null;
  /** Surveys not on the server yet: waiting to upload or needing attention (D2.20); null until read. */
  waiting: number | null;
  /** A flush is running in this tab. */
  sending: boolean;
  /** Requests the server refused or that cannot be sent: kept and listed, never dropped (D4.33). */
  attention: AttentionItem[];
  /** The summary of the last upload (the congratulations or error modal's counts). */
  lastUpload: UploadSummary | null;
};

export const useQueueStatusStore = create<QueueStatus>(() => ({
  stored: null,
  waiting: null,
  sending: false,
  attention: [],
  lastUpload: null,
}));

export const publishQueue = (queue: OfflineQueue) =>
  useQueueStatusStore.setState({
    stored: storedResponseCount(queue),
    waiting: responsesOnDevice(queue),
    attention: queue.attention,
  });

/** The queue's status for screens (stored count, sending, needs-attention list). */
export const useQueueStatus = (): QueueStatus => useQueueStatusStore();
