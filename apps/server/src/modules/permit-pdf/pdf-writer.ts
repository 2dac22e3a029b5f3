import type PDFDocument from 'pdfkit';

type Doc = InstanceType<typeof PDFDocument>;

// The standard PDF fonts (no font file is read) encode Windows-1252 only: Latin-1 plus these.
const WIN_ANSI_EXTRA = '€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ';
const NOT_WIN_ANSI = new RegExp(`[^\\n\\x20-\\x7e\\xa0-\\xff${WIN_ANSI_EXTRA}]`, 'gu');

/**
 * Text as the standard fonts can print it: controls other than line breaks become spaces, other
 * characters outside Windows-1252 a "?" (never a wrong letter in a safety record).
 */
export function printable(text: string): string {
  const lines = text.replace(/\r\n?/g, '\n');
  let out = '';
  for (const char of lines) {
    const code = char.codePointAt(0)!;
    out += code === 0x0a ? char : code < 0x20 || code === 0x7f ? ' ' : char;
  }
  return out.replace(NOT_WIN_ANSI, '?');
}

const FONT = 'Helvetica';
const BOLD = 'Helvetica-Bold';

/**
 * The few ways the job-site copy writes: a section heading, a line of text (indented for a
 * section's details), a labelled value. Everything goes through `printable`, and only ever as text:
 * nothing here draws an image or follows an address (decision 0072).
 */
export class PdfWriter {
  constructor(readonly doc: Doc) {}

  get width(): number {
    return this.doc.page.width - this.doc.page.margins.left - this.doc.page.margins.right;
  }

  heading(text: string): void {
    // Keep a heading with at least two lines of its section.
    if (this.doc.y + 60 > this.doc.page.height - this.doc.page.margins.bottom) this.doc.addPage();
    else this.doc.moveDown(0.8);
    const x = this.doc.page.margins.left;
    this.doc.font(BOLD).fontSize(12).fillColor('black').text(printable(text), x, this.doc.y, { width: this.width });
    const y = this.doc.y + 1;
    this.doc
      .moveTo(x, y)
      .lineTo(x + this.width, y)
      .lineWidth(0.5)
      .strokeColor('#888888')
      .stroke();
    this.doc.y = y + 4;
  }

  line(text: string, options: { indent?: number; bold?: boolean; size?: number } = {}): void {
    const indent = (options.indent ?? 0) * 14;
    this.doc
      .font(options.bold ? BOLD : FONT)
      .fontSize(options.size ?? 10)
      .fillColor('black')
      .text(printable(text), this.doc.page.margins.left + indent, this.doc.y, { width: this.width - indent });
    this.doc.moveDown(0.15);
  }

  field(label: string, value: string): void {
    this.doc
      .font(BOLD)
      .fontSize(10)
      .fillColor('black')
      .text(`${printable(label)}: `, this.doc.page.margins.left, this.doc.y, { continued: true, width: this.width })
      .font(FONT)
      .text(printable(value));
    this.doc.moveDown(0.15);
  }

  /** A small line at the foot of the current page, outside the text flow (no page break). */
  foot(text: string, y: number, align: 'left' | 'right'): void {
    const bottom = this.doc.page.margins.bottom;
    this.doc.page.margins.bottom = 0;
    this.doc
      .font(FONT)
      .fontSize(7.5)
      .fillColor('#333333')
      .text(printable(text), this.doc.page.margins.left, y, { width: this.width, align, lineBreak: align === 'left' });
    this.doc.page.margins.bottom = bottom;
  }
}
