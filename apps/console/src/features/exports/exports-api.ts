import type { ExportFormat, ExportJob } from '@venue-voice/domain';
import { api, apiUrl } from '../../platform/api';

/** The inbox's filter as the API's query names it (the inbox's address). */
export type ExportFilter = Record<string, string>;

export const exportsApi = {
  /** Starts an export of the filter; it is made in the background (decision 0239). */
  start: (format: ExportFormat, filter: ExportFilter) =>
    api.post<{ export: ExportJob }>('/exports', { format, filter }).then((data) => data.export),
  get: (id: number) => api.get<{ export: ExportJob }>(`/exports/${id}`).then((data) => data.export),
  /** The finished file's address: the browser downloads it itself, with the session cookie. */
  fileUrl: (id: number) => apiUrl(`/exports/${id}/file`),
};

/** While an export is made, how often its progress is asked for. */
export const EXPORT_POLL_MS = 1000;

export const isRunning = (job: ExportJob) => job.state === 'queued' || job.state === 'running';
