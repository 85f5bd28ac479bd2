import { PREVIEW_FRAME_ANSWER, PREVIEW_FRAME_READY, type SurveyPreviewAnswer } from '@venue-voice/domain';

/** What the frame knows of a message and of itself: enough to tell who sent it. */
export interface MessageFrom {
  origin: string;
  source: unknown;
  data: unknown;
}
export interface FrameSelf {
  origin: string;
  parent: unknown;
}

/**
 * O15.41 The preview a message carries, when it comes from the frame's parent window on this origin (the
 * console's editor) and says it is one; null for anything else, which the frame ignores. Another window
 * (an opener, an extension, a page framing this one elsewhere) must not be able to show an operator a
 * survey of its making. The answer itself was checked by the server that built it (no zod here).
 */
export function previewFromParent(event: MessageFrom, self: FrameSelf): SurveyPreviewAnswer | null {
  if (event.origin !== self.origin || event.source === null || event.source !== self.parent) return null;
  const data = event.data as { type?: unknown; answer?: Partial<SurveyPreviewAnswer> } | null;
  if (data?.type !== PREVIEW_FRAME_ANSWER) return null;
  return data.answer?.config?.surveys?.[0] ? (data.answer as SurveyPreviewAnswer) : null;
}

/** The page's side of the channel: the preview not yet started, and who starts it. */
const channel: {
  listening: boolean;
  pending: SurveyPreviewAnswer | null;
  /** The /preview page, while it is on show: it starts a preview at once. */
  start: ((answer: SurveyPreviewAnswer) => void) | null;
  /** Back to /preview from a later step (the guest's screens), where the page starts the pending one. */
  leave: (() => void) | null;
} = { listening: false, pending: null, start: null, leave: null };

/** The pending preview to the page when it shows (taken: a later /preview waits for the next), else the page back. */
function deliver() {
  const answer = channel.pending;
  if (!answer) return;
  if (channel.start) {
    channel.pending = null;
    channel.start(answer);
  } else channel.leave?.();
}

function onMessage(event: MessageEvent) {
  const answer = previewFromParent(event, { origin: location.origin, parent: window.parent });
  if (!answer) return;
  channel.pending = answer;
  deliver();
}

/**
 * Follows the console's editor (decision 0259): listens for its previews for the life of the page (the
 * guest's screens replace the /preview page, and the editor's edits keep coming while they show), and
 * tells the parent the frame is ready, once. Each preview is started by `start` when the /preview page
 * shows, else after `leave` has brought the page back: the visit is reset there, never under a later
 * step's guard. Answers a function that stops `start` (the page going), leaving the listener.
 */
export function followEditor(start: (answer: SurveyPreviewAnswer) => void, leave: () => void): () => void {
  channel.start = start;
  channel.leave = leave;
  if (!channel.listening) {
    channel.listening = true;
    addEventListener('message', onMessage);
    window.parent.postMessage({ type: PREVIEW_FRAME_READY }, location.origin);
  }
  deliver();
  return () => {
    if (channel.start === start) channel.start = null;
  };
}

/** For tests: the page's channel as a fresh page has it. */
export function resetEditorChannel(): void {
  removeEventListener('message', onMessage);
  Object.assign(channel, { listening: false, pending: null, start: null, leave: null });
}
