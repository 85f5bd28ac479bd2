export { languagesOfRow, publishedDocument, VersionDocuments } from './documents';
export { documentRefused, type PublishInput, publishVersion, slugTaken, surveyColumns } from './publish';
