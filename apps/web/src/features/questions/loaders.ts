/** The questions page, loaded on demand. */
export const loadQuestionsPage = () => import('./questions-page');
