/** The answer payload's limit on a text answer (answersSchema: text at most 5000 characters). */
export const ANSWER_TEXT_MAX = 5000;
