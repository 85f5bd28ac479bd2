import type { CreatePayload, SupplementPayload, TrackAction } from '@venue-voice/domain';
import { request, type Transport } from './request';

/** The credentials a create answered: later calls of the same response carry them (api.md). */
export interface ResponseCredentials {
  id: number;
  secret: string;
}

/** The response calls of api.md: submit (create, supplement), prompt, track, upload and delete upload. */
export const responseCalls = (transport: Transport) => ({
  /**
   * Creates the response; a retry with the same guid answers the first id and secret. `botToken`: the
   * web's reCAPTCHA token, sent as X-Bot-Token (null or absent: no header).
   */
  create: (payload: CreatePayload, templateId: number, botToken?: string | null) =>
    request(transport, {
      call: 'survey.submit',
      body: { type: 'create', payload },
      headers: { templateId, ...(botToken ? { botToken } : {}) },
      parse: { schema: (s) => s.submit },
    }),
  /** Adds to a response by kind (marketing permission, contact details). */
  supplement: (payload: SupplementPayload, response: ResponseCredentials) =>
    request(transport, {
      call: 'survey.submit',
      body: { type: 'supplement', payload },
      headers: { response },
      parse: { schema: (s) => s.supplement },
    }),
  /** The suggested review text drafted from the guest's own answers. */
  prompt: (response: ResponseCredentials) =>
    request(transport, { call: 'survey.prompt', headers: { response }, parse: { schema: (s) => s.prompt } }),
  track: (actions: readonly TrackAction[], response: ResponseCredentials) =>
    request(transport, {
      call: 'survey.track',
      body: { actions },
      headers: { response },
      parse: { schema: (s) => s.track },
    }),
  /** Uploads (or replaces) the response's photo: multipart with a `json` part and an `image` part. */
  upload: (image: Blob, response: ResponseCredentials, fileName = 'photo.jpg') => {
    const form = new FormData();
    form.append('json', JSON.stringify({ kind: 'photo' }));
    form.append('image', image, fileName);
    return request(transport, {
      call: 'survey.upload.upsert',
      body: form,
      headers: { response },
      parse: { schema: (s) => s.upload },
    });
  },
  deleteUpload: (response: ResponseCredentials) =>
    request(transport, {
      call: 'survey.upload.delete',
      body: {},
      headers: { response },
      parse: { schema: (s) => s.uploadDelete },
    }),
});
