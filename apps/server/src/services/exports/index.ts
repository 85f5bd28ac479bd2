// Response exports (issue 29 item 6): the inbox's filter to CSV or XLSX, streamed (docs/exports.md).
export { type ExportColumn, exportColumns, FIXED_COLUMNS } from './columns';
export {
  answeredFailure,
  EXPORT_NOT_WRITTEN,
  EXPORT_OPERATOR_GONE,
  type ExportFailure,
  ExportProcessStopped,
  exportFailure,
} from './failure';
export {
  EXPORT_KEEP_MS,
  type ExportDeps,
  type ExportRow,
  exportFile,
  ownExport,
  runExport,
  startExport,
  sweepExports,
} from './jobs';
export {
  EXPORT_PROCESS_FROM_ROWS,
  EXPORT_PROCESS_NODE_ARGS,
  ExportCancelled,
  type ExportProcesses,
  type ExportRun,
  exportProcesses,
} from './launcher';
export { type ExportTask, type OpenedExport, openExport } from './open';
export { EXPORT_PAGE, type ExportCells, exportPages, keysetRows, primed } from './rows';
export { type ExportSurvey, exportSurveys } from './surveys';
export { EXPORT_CONTENT_TYPES, writeExport } from './write';
