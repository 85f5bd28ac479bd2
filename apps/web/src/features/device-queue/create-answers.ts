/**
 * The full answers of creates sent in this page's life (voucher included), by guid. The queue's stored
 * results keep only id and secret (D4.28); the guest at the screen also needs the voucher the server
 * drew, so the answer is held here for the checkout to show. A reload forgets it: the guest has left.
 *
 * D4.65: an answer is shown only to a guest still waiting for it (`expectAnswer`, until the wait ends).
 * An answer that carries a voucher and finds nobody waiting (it came after the wait, or after a reload)
 * goes to the unseen-voucher handler, which has the server withdraw the code.
 */
import type { SubmitResponse } from '@venue-voice/domain';

const answers = new Map<string, SubmitResponse>();
const waiting = new Map<string, Set<(answer: SubmitResponse) => void>>();
/** Creates whose guest waits at the screen: from before the create is queued until the wait ends. */
const awaited = new Set<string>();
let unseenVoucher: (guid: string) => void = () => {};

/** Who withdraws a voucher nobody saw (the queue: a supplement saying so, decision 0186). */
export const onUnseenVoucher = (handler: (guid: string) => void): void => {
  unseenVoucher = handler;
};

/** A guest waits for this create's answer: call before queueing it, so no answer can slip past. */
export const expectAnswer = (guid: string): void => {
  awaited.add(guid);
};

export const rememberAnswer = (guid: string, answer: SubmitResponse): void => {
  answers.set(guid, answer);
  for (const resolve of waiting.get(guid) ?? []) resolve(answer);
  waiting.delete(guid);
  if (answer.voucher && !awaited.has(guid)) unseenVoucher(guid);
};

export const answerOf = (guid: string): SubmitResponse | undefined => answers.get(guid);

/**
 * Resolves with the create's answer when it arrives, or undefined once `until` settles first. From
 * then on the guest has been told there is none: a later answer is one nobody sees.
 */
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
  const ended = until.then(() => {
    // Decided here, in one step: an answer already in is shown; any later one arrives unawaited.
    const answer = answers.get(guid);
    if (!answer) awaited.delete(guid);
    return answer;
  });
  const result = await Promise.race([arrived, ended]);
  if (listener) waiting.get(guid)?.delete(listener);
  return result;
};
