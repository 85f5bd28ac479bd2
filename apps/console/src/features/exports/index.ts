// Response exports from the inbox (issue 29 item 6, decision 0239).
export { ExportPanel } from './export-panel';
