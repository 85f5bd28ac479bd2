import { publishFaults, type Question, type SurveyDocument } from '@venue-voice/domain';
import { DEMO_SURVEYS } from '../../apps/server/src/db/seed/demo-surveys';

/**
 * A survey of `count` questions for the editor's benchmark (issue 31 item 7): demo-bistro's questions of
 * every type, repeated with fresh ids over its sections until there are `count`, each text numbered.
 * Follow-ups and links point at the copies of their own round, so the document has no fault.
 */
export function bigSurveyDocument(count: number, slug = 'bench-200'): SurveyDocument {
  const bistro = DEMO_SURVEYS.find((s) => s.slug === 'demo-bistro');
  if (!bistro) throw new Error('no demo-bistro');
  const base = bistro.document.questions;
  const questions: Question[] = [];
  /** A copy's id → its original's id and its number (its text says "(n)" in every language). */
  const copies = new Map<number, { from: number; n: number }>();
  for (let round = 0; questions.length < count; round += 1) {
    const offset = 10_000 + round * 1_000;
    for (const q of base) {
      if (questions.length >= count) break;
      copies.set(q.id + offset, { from: q.id, n: questions.length + 1 });
      questions.push({
        ...q,
        id: q.id + offset,
        text: `${q.text} (${questions.length + 1})`,
        followUpQuestions: q.followUpQuestions.map((id) => id + offset),
        linkedQuestion: q.linkedQuestion === null ? null : q.linkedQuestion + offset,
      });
    }
  }
  // A round cut short may leave a follow-up whose copy was not made: drop those references.
  const ids = new Set(questions.map((q) => q.id));
  const kept = questions.map((q) => ({
    ...q,
    followUpQuestions: q.followUpQuestions.filter((id) => ids.has(id)),
    linkedQuestion: q.linkedQuestion !== null && ids.has(q.linkedQuestion) ? q.linkedQuestion : null,
  }));
  // Each copy's texts in the other languages are its original's, numbered as its own text is.
  const translations = Object.fromEntries(
    Object.entries(bistro.document.translations).map(([lang, texts]) => {
      const own: Record<string, string> = { ...texts };
      for (const [id, { from, n }] of copies) {
        for (const [key, text] of Object.entries(texts ?? {})) {
          if (!key.startsWith(`questions.${from}.`)) continue;
          const copyKey = `questions.${id}.${key.slice(`questions.${from}.`.length)}`;
          own[copyKey] = copyKey === `questions.${id}.text` ? `${text} (${n})` : text;
        }
      }
      return [lang, own];
    }),
  );
  const document: SurveyDocument = {
    ...bistro.document,
    survey: { ...bistro.document.survey, slug, name: `Benchmark survey of ${count} questions` },
    questions: kept,
    translations,
  };
  const faults = publishFaults(document);
  if (faults.length > 0) throw new Error(`the big survey has faults: ${JSON.stringify(faults.slice(0, 3))}`);
  return document;
}
