import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

/**
 * The recommend step's text for one response, kept in sessionStorage so a reload neither loses the
 * guest's edit nor asks survey.prompt again. Tied to the response id: a later visit in the same tab
 * (a new response) starts from nothing.
 */
export interface Recommendation {
  responseId: number;
  /** The text the guest will share: the suggestion as they edited it, or their own words. */
  text: string;
  /** survey.prompt answered (or failed): never asked again for this response. */
  settled: boolean;
  /** The text began as the AI suggestion (is_ai_valid): sharing it is 'share-ai-recommendation'. */
  fromSuggestion: boolean;
  /** survey.prompt said there was not enough to draft from (is_ai_valid false). */
  notEnoughInformation: boolean;
}

interface SharingStore {
  recommendation: Recommendation | null;
  set(recommendation: Recommendation): void;
}

/** Bump when the stored shape changes; an older one is dropped (the guest writes again). */
export const SHARING_STORE_VERSION = 1;

export const useSharingStore = create<SharingStore>()(
  persist(
    (set) => ({
      recommendation: null,
      set: (recommendation) => set({ recommendation }),
    }),
    {
      name: 'venue-voice-sharing',
      version: SHARING_STORE_VERSION,
      storage: createJSONStorage(() => sessionStorage),
      partialize: ({ recommendation }) => ({ recommendation }),
    },
  ),
);

/** The stored recommendation when it belongs to this response, else none. */
export function recommendationFor(
  stored: Recommendation | null,
  responseId: number | undefined,
): Recommendation | null {
  return stored !== null && stored.responseId === responseId ? stored : null;
}
