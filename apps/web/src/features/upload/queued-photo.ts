/**
 * A tablet's photo work (D4.36, D4.43, G2.43): the photo is kept in the device's queue beside the
 * response, which uploads it after the create with the id and secret the create's answer brings. The
 * queue is loaded only on a tablet.
 */

/** Keeps the prepared photo in the queue (replacing an earlier one of the response). */
export async function queuePhoto(response: string, image: Blob, fileName: string): Promise<void> {
  const { queueRequest } = await import('../device-queue');
  const outcome = await queueRequest({ kind: 'upload', response, payload: { image, fileName } });
  if (outcome.status === 'refused') throw new Error(`The tablet did not keep the photo: ${outcome.reason}`);
}

/** Queues the delete of the response's photo; the upload waiting before it still goes first (D4.43). */
export async function queuePhotoDelete(response: string): Promise<void> {
  const { queueRequest } = await import('../device-queue');
  const outcome = await queueRequest({ kind: 'deleteUpload', response, payload: {} });
  if (outcome.status === 'refused') throw new Error(`The tablet did not keep the delete: ${outcome.reason}`);
}

/** The photo still waiting in the queue for the response (a reload's preview), else null. */
export async function waitingPhoto(response: string): Promise<Blob | null> {
  const { queuedPhoto } = await import('../device-queue');
  return queuedPhoto(response);
}
