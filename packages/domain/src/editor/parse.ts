import { type SurveyDocument, surveyDocumentSchema } from './document';
import type { EditorFault } from './faults';

export type ParsedDocument = { ok: true; document: SurveyDocument } | { ok: false; faults: EditorFault[] };

/**
 * O15.25 A document from outside (a draft save, an import): the schema's verdict, each refusal named by
 * its field's path in the document (`questions.2.weight`) with the schema's own words.
 */
export function parseDocument(input: unknown): ParsedDocument {
  const parsed = surveyDocumentSchema.safeParse(input);
  if (parsed.success) return { ok: true, document: parsed.data };
  return {
    ok: false,
    faults: parsed.error.issues.map((issue) => ({
      path: issue.path.map(String).join('.'),
      key: 'editor.invalid',
      params: { message: issue.message },
    })),
  };
}
