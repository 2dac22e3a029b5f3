import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import {
  localTimeWithOffset,
  permitFieldCaptions as F,
  permitPdfLabels as L,
  permitRiskCaptions,
  permitStatusCaptions,
} from '@hasp/contracts';
import type { CaptionText } from '../translations';
import { PdfWriter } from './pdf-writer';
import { drawHandovers, drawHistory } from './permit-pdf.history';
import {
  drawCrew,
  drawGasTests,
  drawHazards,
  drawIsolation,
  drawQuestions,
  drawSignatures,
  type SectionContext,
} from './permit-pdf.sections';
import type { PermitPrint } from './permit-print.service';

type Doc = InstanceType<typeof PDFDocument>;

export interface PermitPdfOptions {
  /** The address the QR code holds: the permit's page in the app (decision 0072). */
  statusUrl: string;
  /** The reader's words (captions in their language). */
  text: CaptionText;
  printedBy: string;
  printedAt: Date;
}

const QR_SIZE = 96;

/**
 * A new document as the job-site copy is printed: A4 pages (each permit adds its own), buffered so
 * the footers can say "Page n of m".
 */
export function newPermitDocument(title: string): Doc {
  return new PDFDocument({
    autoFirstPage: false,
    size: 'A4',
    margins: { top: 48, bottom: 60, left: 48, right: 48 },
    bufferPages: true,
    info: { Title: title, Creator: 'Hasp', Producer: 'Hasp' },
  });
}

/**
 * Draws one permit's job-site copy from a new page of `doc` (a print of several permits calls it
 * once each): header with the QR code, people, validity, work, then the sections the type uses, the
 * signatures and the history (every lifecycle command and isolation step), each page with its footer. Only text and the QR code's own PNG are drawn: no
 * address in the permit's words is ever fetched or opened.
 */
export async function drawPermit(doc: Doc, print: PermitPrint, options: PermitPdfOptions): Promise<void> {
  const { permit, facility } = print;
  const { text } = options;
  const out = new PdfWriter(doc);
  const at = (iso: string) => localTimeWithOffset(new Date(iso), facility.timeZone);
  const ctx: SectionContext = { out, text, at };
  doc.addPage();
  const firstIndex = doc.bufferedPageRange().start + doc.bufferedPageRange().count - 1;

  // Header: what the permit is, on the left; the QR code to its live page on the right.
  const qr = await QRCode.toBuffer(options.statusUrl, { type: 'png', errorCorrectionLevel: 'M', margin: 2, scale: 6 });
  const right = doc.page.width - doc.page.margins.right;
  doc.image(qr, right - QR_SIZE, doc.page.margins.top, { width: QR_SIZE, height: QR_SIZE });
  const headerWidth = out.width - QR_SIZE - 12;
  doc.font('Helvetica').fontSize(9).text(text(L.documentTitle), doc.page.margins.left, doc.page.margins.top, {
    width: headerWidth,
  });
  doc.font('Helvetica-Bold').fontSize(18).text(`${permit.number}  ${permit.permitType.name}`, { width: headerWidth });
  doc.font('Helvetica-Bold').fontSize(12).text(permit.title, { width: headerWidth });
  doc.moveDown(0.3);
  const headerFields: [string, string][] = [
    [text(L.facility), facility.name],
    [text(L.permitType), `${permit.permitType.code}: ${permit.permitType.name}`],
    [text(L.number), permit.number],
    [text(L.status), text(permitStatusCaptions[permit.status])],
    [text(L.revision), String(permit.revision)],
    [text(L.risk), permit.riskLevel ? text(permitRiskCaptions[permit.riskLevel]) : text(L.none)],
  ];
  for (const [label, value] of headerFields) out.field(label, value);
  if (permit.statusReason) out.field(text(L.statusReason), permit.statusReason);
  doc.y = Math.max(doc.y, doc.page.margins.top + QR_SIZE + 4);
  doc
    .font('Helvetica')
    .fontSize(7.5)
    .text(`${text(L.qrCaption)} ${options.statusUrl}`, doc.page.margins.left, doc.y, {
      width: out.width,
      align: 'right',
    });

  drawPeopleAndValidity(ctx, print);
  drawWork(ctx, print);
  if (print.plan) drawIsolation(ctx, print.plan);
  if (print.crew) drawCrew(ctx, print.crew);
  if (print.hazards) drawHazards(ctx, print.hazards);
  if (print.gasTests) drawGasTests(ctx, print.gasTests);
  if (print.questions) drawQuestions(ctx, print.questions);
  drawSignatures(ctx, print.approvals);
  drawHandovers(ctx, print.handovers);
  drawHistory(ctx, print.history);
  drawFooters(doc, out, firstIndex, print, options, at);
}

function drawPeopleAndValidity({ out, text, at }: SectionContext, { permit, facility }: PermitPrint): void {
  const none = text(L.none);
  out.heading(text(L.peopleTitle));
  out.field(text(L.requester), permit.requester.displayName);
  out.field(
    text(L.approvedBy),
    permit.approvals.length
      ? permit.approvals.map((a) => `${a.user.displayName}, ${at(a.approvedAt)}`).join('; ')
      : none,
  );
  out.field(text(L.issuer), permit.issuer?.displayName ?? none);
  out.field(text(L.holder), permit.holder?.displayName ?? none);
  out.heading(text(L.validityTitle));
  out.field(text(F.plannedStart), at(permit.plannedStart));
  out.field(text(F.plannedEnd), at(permit.plannedEnd));
  if (permit.extensionCount) out.field(text(L.extensions), String(permit.extensionCount));
  out.line(text(L.timeZone, { zone: facility.timeZone }), { size: 8.5 });
}

function drawWork({ out, text }: SectionContext, { permit }: PermitPrint): void {
  const none = text(L.none);
  out.heading(text(L.workTitle));
  out.field(text(F.area), permit.area ? `${permit.area.number} ${permit.area.name}` : none);
  out.field(text(F.assets), permit.assets.map((a) => `${a.number} ${a.description}`).join('; ') || none);
  // Description and work method are plain text: printed as the characters they are, never read as markup.
  out.line(text(F.description), { bold: true });
  out.line(permit.description || none, { indent: 1 });
  out.line(text(F.workMethod), { bold: true });
  out.line(permit.workMethod || none, { indent: 1 });
}

/** Each page of this permit: who printed it and when, that paper goes stale, and "Page n of m". */
function drawFooters(
  doc: Doc,
  out: PdfWriter,
  firstIndex: number,
  { permit }: PermitPrint,
  options: PermitPdfOptions,
  at: (iso: string) => string,
): void {
  const range = doc.bufferedPageRange();
  const last = range.start + range.count - 1;
  const pages = last - firstIndex + 1;
  const printed = options.text(L.printedBy, { at: at(options.printedAt.toISOString()), name: options.printedBy });
  for (let index = firstIndex; index <= last; index += 1) {
    doc.switchToPage(index);
    const page = options.text(L.page, { page: index - firstIndex + 1, pages });
    out.foot(printed, doc.page.height - 50, 'left');
    out.foot(`${permit.number}  ${page}`, doc.page.height - 26, 'right');
  }
  doc.switchToPage(last);
}

/** The job-site copy of one permit as a whole PDF file. */
export async function renderPermitPdf(print: PermitPrint, options: PermitPdfOptions): Promise<Buffer> {
  const doc = newPermitDocument(`${print.permit.number} ${print.permit.title}`);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });
  await drawPermit(doc, print, options);
  doc.end();
  await ended;
  return Buffer.concat(chunks);
}
