// Cases (issue 30 item 2): what an alert opens on a response, tracked to closure (decision 0249).
export { type CaseContext, changeCase } from './change';
export { countCases } from './counts';
export { getCase, replyFacts } from './detail';
export { listCases } from './list';
export { addNote } from './note';
export { type CaseToOpen, openCase } from './open';
export { replyToGuest } from './reply';
