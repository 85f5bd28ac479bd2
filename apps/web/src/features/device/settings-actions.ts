/**
 * The settings buttons' flows (D2 "Download surveys flow", "Upload surveys flow", Reset device) as
 * plain async steps returning what the screen shows next; the modal only renders them.
 */
import { lastUpdatedAfterUpload } from '@venue-voice/domain';
import { useDevice } from '../../platform/device-session';
import { uploadStored } from '../device-queue';
import { downloadSettings } from './device-actions';

export type FlowEnd =
  | { kind: 'message'; title: string; text: string; after?: 'chooseDefault' | 'register' }
  | { kind: 'chooseDefault' };

type Texts = (key: string, params?: Record<string, unknown>) => string;

/** D2: wait, then an error modal or congratulations; a missing default survey opens the chooser (D2.8). */
export async function runDownload(t: Texts): Promise<FlowEnd> {
  const outcome = await downloadSettings();
  if (outcome.type === 'offline')
    return { kind: 'message', title: t('download.errorTitle'), text: t('download.offline') };
  if (outcome.type === 'failed')
    return { kind: 'message', title: t('download.errorTitle'), text: t('errors.downloadFailed') };
  const text = t('download.done');
  return outcome.next === 'chooseDefault'
    ? { kind: 'message', title: t('download.doneTitle'), text, after: 'chooseDefault' }
    : { kind: 'message', title: t('download.doneTitle'), text };
}

/** D2.12, D4.22–D4.26: the queue's upload; counts of submitted and remaining on error. */
export async function runUpload(t: Texts, now: () => number = Date.now): Promise<FlowEnd> {
  const result = await uploadStored();
  const submitted = result.summary?.submitted ?? 0;
  useDevice.getState().change((state) => ({
    ...state,
    lastUpdated: lastUpdatedAfterUpload(state.lastUpdated, submitted, now()),
  }));
  if (result.ok) return { kind: 'message', title: t('upload.doneTitle'), text: t('upload.done') };
  if (result.offline) return { kind: 'message', title: t('upload.errorTitle'), text: t('upload.offline') };
  if (result.busy) return { kind: 'message', title: t('upload.errorTitle'), text: t('upload.busy') };
  return {
    kind: 'message',
    title: t('upload.errorTitle'),
    text: t('upload.error', { submitted, remaining: result.summary?.remaining ?? 0 }),
  };
}
