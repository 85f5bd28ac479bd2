import { useCallback, useEffect, useState } from 'react';
import { useApi } from '../../platform/api-context';
import { isRetryable } from '../../platform/api-failure';
import { currentLanguage } from '../../platform/i18n';
import { logError } from '../../platform/log';
import { useQueuedResponse, useResponseCredentials } from '../../shared/after-survey';
import { problemOfFailure, type UploadProblem } from '../../shared/photo/photo-problem';
import { type PhotoTools, type PreparedPhoto, preparePhoto } from '../../shared/photo/prepare-photo';
import { useGuestSession } from '../../shared/session/session-store';
import { queuePhoto, queuePhotoDelete, waitingPhoto } from './queued-photo';

export type UploadState =
  /** `saved`, `removed`: a tablet kept the photo or its delete in its queue, to send when online. */
  | { step: 'idle'; notice: 'added' | 'deleted' | 'saved' | 'removed' | null }
  /** Checking and converting the chosen file in the browser (HEIC takes a few seconds). */
  | { step: 'preparing' }
  | { step: 'uploading'; photo: PreparedPhoto }
  /** The connection failed: the prepared photo is kept so a retry sends it without converting again. */
  | { step: 'failed'; photo: PreparedPhoto }
  | { step: 'refused'; problem: UploadProblem }
  | { step: 'deleting' };

/**
 * The /upload step's work: prepares the chosen photo, uploads it for the submitted response and keeps
 * the answer in the session; deletes it again. Delete errors are not shown (G8) — the photo then stays
 * on screen, because it is still stored. On a tablet both go through its queue (`queued`, the response's
 * guid) and the preview is the local copy (`localPhoto`), since the server may not have it yet.
 */
export function usePhotoUpload(tools: PhotoTools) {
  const api = useApi();
  const credentials = useResponseCredentials();
  const queued = useQueuedResponse();
  const [state, setState] = useState<UploadState>({ step: 'idle', notice: null });
  const [localPhoto, setLocalPhoto] = useState<Blob | null>(null);

  // A reload on a tablet: the photo still waiting in the queue is shown again.
  useEffect(() => {
    if (!queued) return;
    let current = true;
    waitingPhoto(queued)
      .then((blob) => {
        if (current && blob) setLocalPhoto(blob);
      })
      .catch((error: unknown) => logError('The waiting photo could not be read', { error: String(error) }));
    return () => {
      current = false;
    };
  }, [queued]);

  const keep = useCallback(async (photo: PreparedPhoto, response: string) => {
    try {
      await queuePhoto(response, photo.blob, photo.fileName);
      setLocalPhoto(photo.blob);
      setState({ step: 'idle', notice: 'saved' });
    } catch (error) {
      logError('The photo could not be kept on the tablet', { error: String(error) });
      setState({ step: 'refused', problem: { ok: false, problem: 'other', message: null } });
    }
  }, []);

  const send = useCallback(
    async (photo: PreparedPhoto) => {
      if (queued) return keep(photo, queued);
      const slug = useGuestSession.getState().slug;
      if (!credentials || !slug) {
        // The guard keeps this step for submitted responses; should the session change under it, say so.
        setState({ step: 'refused', problem: { ok: false, problem: 'other', message: null } });
        return;
      }
      setState({ step: 'uploading', photo });
      try {
        const answer = await api.uploadPhoto(
          slug,
          currentLanguage(),
          credentials,
          photo.blob,
          photo.fileName,
        );
        useGuestSession.getState().update({ photo: answer });
        setState({ step: 'idle', notice: 'added' });
      } catch (error) {
        logError('The photo could not be uploaded', { error: String(error) });
        setState(
          isRetryable(error)
            ? { step: 'failed', photo }
            : { step: 'refused', problem: problemOfFailure(error) },
        );
      }
    },
    [api, credentials, queued, keep],
  );

  const choose = useCallback(
    async (file: File) => {
      setState({ step: 'preparing' });
      const prepared = await preparePhoto(file, tools).catch((error: unknown) => {
        logError('The photo could not be read', { error: String(error) });
        return { ok: false, problem: 'refused', reason: 'unreadable' } as const;
      });
      if (prepared.ok) await send(prepared);
      else setState({ step: 'refused', problem: prepared });
    },
    [tools, send],
  );

  const retry = useCallback(() => {
    if (state.step === 'failed') void send(state.photo);
  }, [state, send]);

  const remove = useCallback(async () => {
    if (queued) {
      setState({ step: 'deleting' });
      try {
        await queuePhotoDelete(queued);
        setLocalPhoto(null);
        useGuestSession.getState().update({ photo: null });
        setState({ step: 'idle', notice: 'removed' });
      } catch (error) {
        logError('The photo delete could not be kept on the tablet', { error: String(error) });
        setState({ step: 'idle', notice: null });
      }
      return;
    }
    const slug = useGuestSession.getState().slug;
    if (!credentials || !slug) return;
    setState({ step: 'deleting' });
    try {
      await api.deletePhoto(slug, currentLanguage(), credentials);
      useGuestSession.getState().update({ photo: null });
      setState({ step: 'idle', notice: 'deleted' });
    } catch (error) {
      logError('The photo could not be deleted', { error: String(error) });
      setState({ step: 'idle', notice: null });
    }
  }, [api, credentials, queued]);

  return { state, choose, retry, remove, localPhoto };
}
