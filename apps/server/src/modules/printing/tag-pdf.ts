import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import { tagLayoutSizes, tagPrintCaptions as W, type TagLayout, type TagLayoutKey } from '@hasp/contracts';
import type { CaptionText } from '../translations';

/** What one tag prints: the facts, already worded (names, the date in the facility's zone). */
export interface PrintableTag {
  number: string;
  legend: string;
  point: string | null;
  permitNumber: string;
  /** Who applied it, or will: null prints a line to write the name on. */
  applier: string | null;
  /** That person's department or crew and how to reach them: null prints a line to write it on. */
  applierDepartment: string | null;
  applierContact: string | null;
  /** Hung: "Applied by" and its time. Not yet: "To be applied by", and a line to write the time on. */
  applied: boolean;
  /** When it was hung, as the facility reads it; null before. */
  appliedAt: string | null;
  /** The permit's planned end, as the facility reads it. */
  expectedEnd: string;
  reason: string;
  /** The live status address (the QR code); null when the link is revoked. */
  statusUrl: string | null;
  layoutKey: TagLayoutKey;
}

export interface TagPdfOptions {
  layouts: ReadonlyMap<TagLayoutKey, TagLayout>;
  /** The facility's logo (PNG or JPEG), embedded once and drawn on each tag whose layout shows it. */
  logo: Buffer | null;
  /** The tag's words ("Applied by", "Date", …) in the facility's language (captionTextsForFacility). */
  text: CaptionText;
}

const POINTS_PER_INCH = 72;
/** Pages drawn between yields to the event loop: a 1,000-tag PDF does not stall other requests. */
const PAGES_PER_TURN = 50;

/**
 * The tags as one PDF, a page each at its layout's size, written as it is drawn: the caller pipes
 * the document (a readable stream) to the response. Text wraps inside the tag and is cut with an
 * ellipsis rather than run off it; fonts are PDF's standard Helvetica (nothing is read from disk or
 * the network).
 */
export function renderTagPdf(tags: readonly PrintableTag[], options: TagPdfOptions): PDFKit.PDFDocument {
  const doc = new PDFDocument({ autoFirstPage: false, compress: true, info: { Title: 'Hasp tags', Creator: 'Hasp' } });
  // Embedded once, drawn on every page (openImage is pdfkit's, missing from its types).
  const logo = options.logo ? (doc as unknown as Opener).openImage(options.logo) : null;
  void (async () => {
    for (let i = 0; i < tags.length; i++) {
      const tag = tags[i]!;
      drawTag(doc, tag, options.layouts.get(tag.layoutKey)!, logo, options.text);
      if ((i + 1) % PAGES_PER_TURN === 0) await new Promise((resolve) => setImmediate(resolve));
    }
    doc.end();
  })().catch((error: unknown) => doc.destroy(error as Error));
  return doc;
}

/** An embedded image: pdfkit's image() takes it where it takes a Buffer. */
type Image = Buffer;
interface Opener {
  openImage(src: Buffer): Image;
}

function drawTag(doc: PDFKit.PDFDocument, tag: PrintableTag, layout: TagLayout, logo: Image | null, text: CaptionText) {
  const size = tagLayoutSizes[layout.key];
  const width = size.width * POINTS_PER_INCH;
  const height = size.height * POINTS_PER_INCH;
  // Everything scales with the width: the 3-inch tag is the reference.
  const s = width / 216;
  const pad = 12 * s;
  const inner = width - 2 * pad;
  const shows = (field: TagLayout['fields'][number]) => layout.fields.includes(field);
  doc.addPage({ size: [width, height], margin: 0 });
  doc.rect(0, 0, width, height).fill(layout.bodyColour);

  // The hole for the tie at the top, then the legend band.
  doc
    .circle(width / 2, 16 * s, 7 * s)
    .lineWidth(1)
    .stroke('#6B7280');
  const bandTop = 32 * s;
  const bandHeight = 70 * s;
  doc.rect(0, bandTop, width, bandHeight).fill(layout.bandColour);
  doc
    .font('Helvetica-Bold')
    .fontSize(17 * s)
    .fillColor(layout.bandTextColour);
  const legendHeight = doc.heightOfString(tag.legend, { width: inner, align: 'center' });
  doc.text(tag.legend, pad, bandTop + Math.max(4 * s, (bandHeight - legendHeight) / 2), {
    width: inner,
    height: bandHeight - 8 * s,
    align: 'center',
    ellipsis: true,
  });

  // The QR code at the foot, so the fields above know where to stop.
  const qrSize = Math.min(inner, 92 * s);
  const qrTop = height - pad - qrSize - 10 * s;
  const bottom = shows('qr') ? qrTop - 6 * s : height - pad;
  if (shows('qr'))
    drawQr(doc, tag.statusUrl, {
      x: (width - qrSize) / 2,
      y: qrTop,
      size: qrSize,
      s,
      caption: text(W.scan),
      revoked: text(W.revoked),
    });

  let y = bandTop + bandHeight + 8 * s;
  if (shows('logo') && logo) {
    const logoHeight = 26 * s;
    doc.image(logo, pad, y, { fit: [inner, logoHeight], align: 'center', valign: 'center' });
    y += logoHeight + 6 * s;
  }
  if (shows('number')) {
    doc
      .font('Helvetica-Bold')
      .fontSize(15 * s)
      .fillColor('#111827');
    y = write(doc, tag.number, y, pad, inner, bottom, 'center');
  }
  const line = (label: string, value: string) => {
    if (y >= bottom) return;
    doc
      .font('Helvetica-Bold')
      .fontSize(8.5 * s)
      .fillColor('#111827');
    const labelWidth = doc.widthOfString(`${label}: `);
    doc.text(`${label}: `, pad, y, { lineBreak: false });
    doc.font('Helvetica');
    y = write(doc, value, y, pad + labelWidth, inner - labelWidth, bottom, 'left');
  };
  if (shows('point') && tag.point) line(text(W.point), tag.point);
  if (shows('permit')) line(text(W.permit), tag.permitNumber);
  const blank = '______________________';
  // Before it is hung the paper never says "Applied by": at the equipment that reads as a statement.
  if (shows('applier')) line(text(tag.applied || !tag.applier ? W.appliedBy : W.toBeAppliedBy), tag.applier ?? blank);
  // Whoever finds the tag must be able to reach its applier: unknown here, they are written by hand.
  if (shows('department')) line(text(W.department), tag.applierDepartment ?? blank);
  if (shows('contact')) line(text(W.contact), tag.applierContact ?? blank);
  if (shows('date')) {
    line(text(W.date), tag.appliedAt ?? blank);
    line(text(W.expectedEnd), tag.expectedEnd);
  }
  if (shows('reason') && tag.reason) line(text(W.reason), tag.reason);
}

/** Writes wrapped text from y, never below `bottom` (cut with an ellipsis); returns the next line's y. */
function write(
  doc: PDFKit.PDFDocument,
  text: string,
  y: number,
  x: number,
  width: number,
  bottom: number,
  align: 'left' | 'center',
): number {
  const room = bottom - y;
  if (room < doc.currentLineHeight()) return bottom;
  const options = { width, height: room, align, ellipsis: true };
  const used = Math.min(doc.heightOfString(text, options), room);
  doc.text(text, x, y, options);
  return y + used + 2;
}

/**
 * The status address as a QR code drawn in vectors (crisp at any printer's resolution), on white
 * with its quiet zone whatever the tag's colour: each row's dark run is one rectangle. The lockbox
 * label draws its code with it too, with its own caption under it.
 */
export function drawQr(
  doc: PDFKit.PDFDocument,
  url: string | null,
  place: { x: number; y: number; size: number; s: number; caption: string; revoked?: string },
) {
  const { x, y, size, s } = place;
  if (!url) {
    doc
      .font('Helvetica-Oblique')
      .fontSize(8 * s)
      .fillColor('#111827');
    doc.text(place.revoked ?? '', x, y + size / 2, { width: size, align: 'center' });
    return;
  }
  // A fixed mask: picking the best of eight by their penalty scores took 85% of the QR time (goal: 1,000 tags to one PDF ≤ 2 s, bench/print-tags.ts),
  // and any mask makes a valid code that scanners read (the spec lets the encoder choose).
  const { modules } = QRCode.create(url, { errorCorrectionLevel: 'M', maskPattern: 2 });
  const count = modules.size + 8;
  const cell = size / count;
  doc.rect(x, y, size, size).fill('#FFFFFF');
  // The rectangles go in as one block of path operators in module units (a transform scales and
  // places them): pdfkit's rect() per run, with its number formatting, was the rest of the cost.
  const ops: string[] = [];
  for (let row = 0; row < modules.size; row++) {
    let col = 0;
    while (col < modules.size) {
      if (!modules.data[row * modules.size + col]) {
        col++;
        continue;
      }
      const start = col;
      while (col < modules.size && modules.data[row * modules.size + col]) col++;
      // A hair taller than the module, so no seam shows between rows.
      ops.push(`${start} ${row} ${col - start} 1.04 re`);
    }
  }
  doc.save();
  doc.transform(cell, 0, 0, cell, x + 4 * cell, y + 4 * cell);
  doc.addContent(ops.join('\n'));
  doc.fill('#000000');
  doc.restore();
  doc
    .font('Helvetica')
    .fontSize(7 * s)
    .fillColor('#374151');
  doc.text(place.caption, x - 20 * s, y + size + 1 * s, {
    width: size + 40 * s,
    align: 'center',
  });
}
