/**
 * Sends one queued request to the server and answers the domain's SendOutcome (D4.30, D4.35): only the
 * status and error code matter to the flush; a create's id and secret are read from its answer.
 */

import { buildHeaders, CALLS, type Credentials } from '@venue-voice/client';
import {
  ErrorCodes,
  isCreate,
  type QueuedResponse,
  type SendOutcome,
  type SendPlan,
  submitKind,
  submitResponseSchema,
} from '@venue-voice/domain';
import { rememberAnswer } from './create-answers';
import { getPhoto } from './queue-db';

/** Where the queue sends: the app-mode API's base URL, the device's credentials and fetch. */
export type QueueTransport = { baseUrl: string; credentials: Credentials; fetch: typeof fetch };

/** An upload's stored payload: the photo itself waits in the photos store under the response guid. */
export type UploadPayload = { fileName: string };

const readBody = async (response: Response): Promise<unknown> => {
  try {
    return JSON.parse(await response.text());
  } catch {
    return null;
  }
};

/** The error code of an error envelope, if any. */
export const errorCode = (body: unknown): number | null => {
  const code = (body as { error?: { code?: unknown } } | null)?.error?.code;
  return typeof code === 'number' ? code : null;
};

/**
 * Turns a create's answer into the domain's SubmitResult (null when it is not one), and keeps the whole
 * answer for the guest at the screen (create-answers.ts).
 */
export const submitResultOf = (guid: string, data: unknown) => {
  const parsed = submitResponseSchema.safeParse(data);
  if (!parsed.success) return null;
  rememberAnswer(guid, parsed.data);
  return { id: parsed.data.id, secret: parsed.data.secret, isAiValid: parsed.data.is_ai_valid };
};

const requestFor = async (
  item: QueuedResponse,
  response: SendPlan['response'],
): Promise<{ call: keyof typeof CALLS; body: BodyInit | undefined; json: boolean } | null> => {
  if (item.type === 'submit')
    return { call: 'survey.submit', body: JSON.stringify(item.args.payload), json: true };
  if (item.type === 'track')
    return { call: 'survey.track', body: JSON.stringify(item.args.payload), json: true };
  if (item.type === 'deleteUpload') return { call: 'survey.upload.delete', body: '{}', json: true };
  const photo = await getPhoto(item.response);
  if (!photo || !response) return null;
  const form = new FormData();
  form.append('json', JSON.stringify({ kind: 'photo' }));
  form.append('image', photo.blob, photo.fileName);
  return { call: 'survey.upload.upsert', body: form, json: false };
};

/** Sends a planned request; never throws (a thrown fetch is the network outcome). */
export const sendPlanned = async (transport: QueueTransport, plan: SendPlan): Promise<SendOutcome> => {
  const { item, response } = plan;
  const built = await requestFor(item, response);
  // A queued upload whose photo is gone cannot be sent as it stands: the server would refuse it too.
  if (!built) return { kind: 'http', status: 400, code: ErrorCodes.PARAMETER_MISSING };
  const headers = {
    ...buildHeaders(transport.credentials, response ? { response } : {}),
    ...item.args.headers,
  };
  if (built.json) headers['Content-Type'] = 'application/json';
  let answer: Response;
  try {
    answer = await transport.fetch(`${transport.baseUrl}${CALLS[built.call].path}`, {
      method: 'POST',
      headers,
      body: built.body,
    });
  } catch {
    return { kind: 'network' };
  }
  const body = await readBody(answer);
  if (!answer.ok) return { kind: 'http', status: answer.status, code: errorCode(body) };
  if (!isCreate(item) || submitKind(item.args.payload) !== 'create') return { kind: 'ok' };
  const result = submitResultOf(item.response, (body as { data?: unknown } | null)?.data);
  return result ? { kind: 'ok', result } : { kind: 'ok' };
};
