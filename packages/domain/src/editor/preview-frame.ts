// The console's editor and the guest app's /preview frame talk by postMessage (decision 0259). Kept apart
// from preview.ts, whose zod schemas the guest's preview chunk must not carry.

/** The frame, once it listens: the parent may send it the preview to run. */
export const PREVIEW_FRAME_READY = 'venue-voice:preview-ready';
/** The parent: the preview to run (a SurveyPreviewAnswer), restarting the visit at the first question. */
export const PREVIEW_FRAME_ANSWER = 'venue-voice:preview-answer';
/** `/preview?which=editor`: the frame fetches nothing and runs what its parent sends. */
export const PREVIEW_FROM_EDITOR = 'editor';
