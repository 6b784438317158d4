import { api, unwrap } from '../../api/client';
import type { components } from '../../api/schema';

export type SuggestionRequest = components['schemas']['SuggestionRequest'];
export type SuggestionCategory = components['schemas']['SuggestionCategory'];

/** Stores the suggestion and mails it to support; answers the thanks in the user's language. */
export async function sendSuggestion(body: SuggestionRequest, fallback: string) {
  return unwrap(api.POST('/api/sugerencias', { body }), fallback);
}
