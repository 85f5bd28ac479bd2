/**
 * The full answers of creates sent in this page's life (voucher included), by guid. The queue's stored
 * results keep only id and secret (D4.28); the guest at the screen also needs the voucher the server
 * drew, so the answer is held here for the checkout to show. A reload forgets it: the guest has left.
 */
import type { SubmitResponse } from '@venue-voice/domain';

const answers = new Map<string, SubmitResponse>();
const waiting = new Map<string, Set<(answer: SubmitResponse) => void>>();

export const rememberAnswer = (guid: string, answer: SubmitResponse): void => {
  answers.set(guid, answer);
  for (const resolve of waiting.get(guid) ?? []) resolve(answer);
  waiting.delete(guid);
};

export const answerOf = (guid: string): SubmitResponse | undefined => answers.get(guid);

/** Resolves with the create's answer when it arrives, or undefined once `until` settles first. */
export const waitForAnswer = async (
  guid: string,
  until: Promise<unknown>,
): Promise<SubmitResponse | undefined> => {
  const known = answers.get(guid);
  if (known) return known;
  let listener: ((answer: SubmitResponse) => void) | undefined;
  const arrived = new Promise<SubmitResponse>((resolve) => {
    listener = resolve;
    waiting.set(guid, (waiting.get(guid) ?? new Set()).add(resolve));
  });
  const result = await Promise.race([arrived, until.then(() => answers.get(guid))]);
  if (listener) waiting.get(guid)?.delete(listener);
  return result;
};
