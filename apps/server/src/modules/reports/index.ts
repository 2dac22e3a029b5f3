// Reports: Report Settings (definitions, schedules) and Report Files (generated PDF/XLSX, e-mailed
// by job).

export { reportRoutes } from './reports.routes';
export {
  reportJobs,
  queueDueReports,
  deleteExpiredFiles,
  REPORT_GENERATE_JOB,
  REPORT_MAIL_JOB,
  REPORT_SCHEDULE_JOB,
  REPORT_EXPIRY_JOB,
} from './report-jobs';
export { generateFile } from './report-generate';
export { reportSources, type ReportRow } from './report-data';
export { reportWriter } from './report-render';
