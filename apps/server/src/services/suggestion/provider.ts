import { type DraftResult, draftReview, type SuggestionInput } from '@venue-voice/domain';
import type { FastifyBaseLogger } from 'fastify';

/**
 * Drafts the suggested review text of survey.prompt (G7). Every provider answers notEnough exactly when
 * the local generator does (G7.8): the threshold is a rule of ours, not a model's opinion.
 */
export interface SuggestionProvider {
  /** 'local' or 'openai-compatible': logged with each draft. */
  readonly name: string;
  suggest(input: SuggestionInput, log?: FastifyBaseLogger): Promise<DraftResult>;
}

/** The default: the domain's generator, no network. */
export const localSuggestions: SuggestionProvider = {
  name: 'local',
  suggest: async (input) => draftReview(input),
};
