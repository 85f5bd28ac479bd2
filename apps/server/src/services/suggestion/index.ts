import type { Config } from '../../config';
import { openAiCompatibleSuggestions } from './openai-compatible';
import { localSuggestions, type SuggestionProvider } from './provider';

export {
  isAiValidFor,
  type LoadedSuggestionInput,
  loadSuggestionInput,
  suggestionInputOf,
} from './load-input';
export { openAiCompatibleSuggestions } from './openai-compatible';
export { localSuggestions, type SuggestionProvider } from './provider';

/** The provider config.ai asks for: an OpenAI-compatible endpoint when AI_BASE_URL is set, else local. */
export function suggestionProviderFor(ai: Config['ai']): SuggestionProvider {
  return ai ? openAiCompatibleSuggestions(ai) : localSuggestions;
}
