import type { SubmitResponse } from '@venue-voice/domain';
import type { WebApi } from '../../platform/api';

/** What the preview's "submit" answers: a response that exists nowhere, with no voucher. */
export const PREVIEW_SUBMIT_ANSWER: SubmitResponse = {
  id: 0,
  secret: 'preview',
  is_ai_valid: false,
  voucher: null,
};

/** The calls that store something: in a preview each is answered here, in the browser, and sends nothing. */
export const PREVIEW_WRITES = {
  submitSurvey: async () => PREVIEW_SUBMIT_ANSWER,
  supplement: async () => undefined,
  // survey.prompt keeps the suggested review per response: the preview says there is too little to draft.
  prompt: async () => ({ text: '', is_ai_valid: false }),
  track: async () => undefined,
  // The photo the operator chose, shown from the browser's memory.
  uploadPhoto: async (_slug, _language, _response, image) => {
    const url = URL.createObjectURL(image);
    return { imageUrl: url, thumbnailUrl: url, width: 0, height: 0 };
  },
  deletePhoto: async () => undefined,
} satisfies Pick<WebApi, 'submitSurvey' | 'supplement' | 'prompt' | 'track' | 'uploadPhoto' | 'deletePhoto'>;

/**
 * Turns the page's API into the preview's: reads (staff, menu search, branches) still go to the server,
 * every write is answered by PREVIEW_WRITES. The API is the object the app's root provides to every
 * screen, changed in place: a page that opened /preview is a preview until it is closed or reloaded, and
 * the guest's own pages never load this code (decision 0258).
 */
export function answerWritesLocally(api: WebApi): void {
  Object.assign(api, PREVIEW_WRITES);
}
