import QRCode from 'qrcode';
import PDFDocument from 'pdfkit';
import { lockLabelText } from '@hasp/contracts';
import { drawQr } from './tag-pdf';

/** A lock's label: 2.5 × 1.25 in, the serial in large type beside the QR code the lock picker scans. */
export const LOCK_LABEL_SIZE = { width: 2.5, height: 1.25 } as const;
const INCH = 72;

/** The QR code's modules of a lock's label (what drawQr prints), for a check that it reads back. */
export const lockLabelModules = (facilityId: number, serial: string) =>
  QRCode.create(lockLabelText(facilityId, serial), { errorCorrectionLevel: 'M', maskPattern: 2 }).modules;

/**
 * Lock labels as one PDF, a page each: the QR code of `HASP-LOCK:<facility>:<serial>` (decision
 * 0105) and the serial, large enough to read at arm's length when the camera is not at hand.
 */
export function renderLockLabels(facilityId: number, serials: readonly string[]): PDFKit.PDFDocument {
  const doc = new PDFDocument({ autoFirstPage: false, info: { Title: 'Hasp lock labels', Creator: 'Hasp' } });
  const width = LOCK_LABEL_SIZE.width * INCH;
  const height = LOCK_LABEL_SIZE.height * INCH;
  const pad = 4;
  // Room under the code for drawQr's caption line, so no text runs onto a page of its own.
  const qr = height - 20;
  for (const serial of serials) {
    doc.addPage({ size: [width, height], margin: 0 });
    drawQr(doc, lockLabelText(facilityId, serial), { x: pad, y: pad, size: qr, s: 1, caption: '' });
    doc
      .font('Helvetica-Bold')
      .fontSize(serial.length > 10 ? 14 : 22)
      .fillColor('#111827');
    doc.text(serial, qr + 2 * pad, height / 2 - 10, {
      width: width - qr - 3 * pad,
      lineBreak: false,
      ellipsis: true,
    });
  }
  doc.end();
  return doc;
}
