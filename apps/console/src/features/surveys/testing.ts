// For tests only (scripts/check-feature-imports.mjs): the blank document the console's survey fixtures build on.
export { blankDocument } from './document-edit';
