// The job-site copy of a permit as a PDF (decision 0072).

// The print list draws permits into its own document with readPermitPrint + drawPermit.

export { permitPdfRoutes } from './permit-pdf.routes';
export { permitPdfFor, permitPdfCaptions, permitStatusUrl } from './permit-pdf.service';
export { drawPermit, newPermitDocument, renderPermitPdf, type PermitPdfOptions } from './permit-pdf.render';
export { readPermitPrint, type PermitPrint, type PermitPrintViewer } from './permit-print.service';
