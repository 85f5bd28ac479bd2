// Cases (issue 30 item 2): what an alert opens on a response, tracked to closure.
export { type CaseToOpen, openCase } from './open';
