import PDFDocument from 'pdfkit';
import { LOCKBOX_LABEL_SIZE, lockboxLabelCaptions as L } from '@hasp/contracts';
import type { CaptionText } from '../translations';
import { drawQr } from './tag-pdf';

/** What one lockbox label prints, already worded. */
export interface PrintableLockboxLabel {
  number: string;
  device: string | null;
  permitNumber: string;
  permitTitle: string;
  primary: string;
  locks: readonly string[];
  /** The permit's page in the app (the job-site copy's QR address, decision 0072). */
  permitUrl: string;
}

const INCH = 72;

/**
 * Lockbox labels as one PDF, a 4 × 3 in page each (a standard label): a yellow band with the box's
 * number, the permit, the primary authorized employee, the isolation locks whose keys it holds, and
 * a QR code to the permit's page. Helvetica and vectors only: nothing is read from disk or network.
 */
export function renderLockboxLabels(labels: readonly PrintableLockboxLabel[], text: CaptionText): PDFKit.PDFDocument {
  const doc = new PDFDocument({ autoFirstPage: false, info: { Title: 'Hasp lockbox labels', Creator: 'Hasp' } });
  for (const label of labels) drawLabel(doc, label, text);
  doc.end();
  return doc;
}

function drawLabel(doc: PDFKit.PDFDocument, label: PrintableLockboxLabel, text: CaptionText) {
  const width = LOCKBOX_LABEL_SIZE.width * INCH;
  const height = LOCKBOX_LABEL_SIZE.height * INCH;
  const pad = 10;
  doc.addPage({ size: [width, height], margin: 0 });
  // Safety yellow band (ANSI Z535 caution) with black words: readable in a dim plant.
  doc.rect(0, 0, width, 40).fill('#FACC15');
  doc.font('Helvetica-Bold').fontSize(11).fillColor('#111827');
  doc.text(text(L.title), pad, 8, { width: width - 2 * pad, lineBreak: false, ellipsis: true });
  doc.fontSize(13).text(`${text(L.lockbox)} ${label.number}`, pad, 22, {
    width: width - 2 * pad,
    lineBreak: false,
    ellipsis: true,
  });

  const qrSize = 84;
  const qrX = width - pad - qrSize;
  drawQr(doc, label.permitUrl, { x: qrX, y: 50, size: qrSize, s: 1, caption: text(L.scan) });

  const inner = qrX - 2 * pad;
  let y = 48;
  const line = (caption: string, value: string, maxLines = 1) => {
    doc.font('Helvetica-Bold').fontSize(9).fillColor('#111827');
    const labelWidth = doc.widthOfString(`${caption}: `);
    doc.text(`${caption}: `, pad, y, { lineBreak: false });
    doc.font('Helvetica');
    const room = Math.min(maxLines * doc.currentLineHeight(true), height - pad - y);
    const options = { width: inner - labelWidth, height: room, ellipsis: true };
    const used = Math.min(doc.heightOfString(value, options), room);
    doc.text(value, pad + labelWidth, y, options);
    y += used + 3;
  };
  line(text(L.permit), `${label.permitNumber} — ${label.permitTitle}`, 2);
  if (label.device) line(text(L.lockbox), label.device);
  line(text(L.primary), label.primary);
  line(text(L.holds), label.locks.length ? label.locks.join(', ') : text(L.noLocks), 6);
}
