import { type Question, questionSchema } from '@venue-voice/domain';

/**
 * A stored survey's questions as the guest app reads them (defaults filled); a question it no longer
 * parses is left out, so an old response is still shown with what can be read.
 */
export function parsedQuestions(raw: unknown): Question[] {
  if (!Array.isArray(raw)) return [];
  return raw.flatMap((question) => {
    const parsed = questionSchema.safeParse(question);
    return parsed.success ? [parsed.data] : [];
  });
}
