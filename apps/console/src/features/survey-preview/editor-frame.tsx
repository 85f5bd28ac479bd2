import { PREVIEW_FRAME_ANSWER, PREVIEW_FRAME_READY, type SurveyPreviewAnswer } from '@venue-voice/domain';
import { useEffect, useRef } from 'react';
import { EDITOR_PREVIEW_URL } from './preview-api';
import { GuestFrame, type PreviewSize } from './preview-parts';

/**
 * The guest app framed at /preview?which=editor (decision 0259), handed each preview by postMessage: once
 * the frame says it is ready (from that frame, on this origin), and again whenever the answer changes.
 * The frame then starts the visit again at the first question. A new frame (Start again) says it is ready
 * again and is sent the last answer.
 */
export function EditorFrame({ answer, size }: { answer: SurveyPreviewAnswer; size: PreviewSize }) {
  const frame = useRef<HTMLIFrameElement>(null);
  const ready = useRef(false);
  const latest = useRef(answer);
  latest.current = answer;

  const send = () =>
    frame.current?.contentWindow?.postMessage(
      { type: PREVIEW_FRAME_ANSWER, answer: latest.current },
      location.origin,
    );

  // biome-ignore lint/correctness/useExhaustiveDependencies: send reads the latest answer through its ref.
  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      const own = frame.current?.contentWindow;
      if (event.origin !== location.origin || !own || event.source !== own) return;
      if ((event.data as { type?: unknown } | null)?.type !== PREVIEW_FRAME_READY) return;
      ready.current = true;
      send();
    };
    addEventListener('message', onMessage);
    return () => removeEventListener('message', onMessage);
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new answer is what is sent.
  useEffect(() => {
    if (ready.current) send();
  }, [answer]);

  return <GuestFrame src={EDITOR_PREVIEW_URL} size={size} fit frameRef={frame} />;
}
