/** The answer payload's limit on a text answer (answersSchema: text at most 5000 characters). */
export const ANSWER_TEXT_MAX = 5000;

/** The limit on a service's text sub-answer (serviceAnswerSchema: 2000 characters). */
export const SERVICE_TEXT_MAX = 2000;
