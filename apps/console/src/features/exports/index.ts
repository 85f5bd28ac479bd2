// Response exports from the inbox (issue 29 item 6, decision 0230).
export { ExportPanel } from './export-panel';
