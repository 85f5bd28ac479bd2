import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import { analyticsEvent } from '../../platform/analytics';
import { useApi } from '../../platform/api-context';
import { currentLanguage } from '../../platform/i18n';
import { logError } from '../../platform/log';
import { useResponseCredentials } from '../../shared/after-survey';
import { useGuestSession } from '../../shared/session/session-store';
import { type Recommendation, recommendationFor, useSharingStore } from './sharing-store';

export type RecommendationState =
  | { state: 'loading' }
  | { state: 'ready'; recommendation: Recommendation; edit(text: string): void };

/**
 * The recommend step's text (G7, decision 0040): survey.prompt's suggestion once per response, then
 * whatever the guest makes of it. A failed prompt is not shown (G8: errors hidden for this call); the
 * guest gets an empty box, as with "not enough information".
 */
export function useRecommendation(): RecommendationState {
  const api = useApi();
  const credentials = useResponseCredentials();
  const slug = useGuestSession((session) => session.slug) ?? '';
  const stored = useSharingStore((store) => recommendationFor(store.recommendation, credentials?.id));
  const responseId = credentials?.id;

  const prompt = useQuery({
    queryKey: ['survey.prompt', responseId],
    queryFn: () => {
      if (!credentials) throw new Error('No response to suggest a text for');
      return api.prompt(slug, currentLanguage(), credentials);
    },
    enabled: credentials !== null && stored === null,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });

  useEffect(() => {
    if (responseId === undefined || stored !== null) return;
    if (prompt.isSuccess) {
      const valid = prompt.data.is_ai_valid;
      useSharingStore.getState().set({
        responseId,
        text: valid ? prompt.data.text : '',
        settled: true,
        fromSuggestion: valid,
        notEnoughInformation: !valid,
      });
      if (valid) analyticsEvent('generate-ai-recommendation');
    } else if (prompt.isError) {
      logError('The suggested review text could not be fetched', { error: String(prompt.error) });
      useSharingStore.getState().set({
        responseId,
        text: '',
        settled: true,
        fromSuggestion: false,
        notEnoughInformation: false,
      });
    }
  }, [responseId, stored, prompt.isSuccess, prompt.isError, prompt.data, prompt.error]);

  const edit = useCallback((text: string) => {
    const current = useSharingStore.getState().recommendation;
    if (current) useSharingStore.getState().set({ ...current, text });
  }, []);

  if (stored === null) return { state: 'loading' };
  return { state: 'ready', recommendation: stored, edit };
}
