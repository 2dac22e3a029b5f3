import { PassThrough } from 'node:stream';
import PDFDocument from 'pdfkit';
import { REPORT_PDF_ROWS_MAX, type ReportFormat } from '@hasp/contracts';
import { AppError } from '../../plugins/app-error';
import { xlsxWriter, type SheetCell } from '../spreadsheet';

/** A file being written: rows in batches, then the bytes. */
export interface ReportWriter {
  addRows(rows: SheetCell[][]): Promise<void>;
  end(): Promise<Buffer>;
}

/** The bytes a stream writes, collected (the file is stored whole: compressed XLSX is a few bytes per cell). */
function collected(stream: PassThrough): Promise<Buffer> {
  const chunks: Buffer[] = [];
  stream.on('data', (chunk: Buffer) => chunks.push(chunk));
  return new Promise((resolve, reject) => {
    stream.on('end', () => resolve(Buffer.concat(chunks)));
    stream.on('error', reject);
  });
}

/** A facility's clock to the minute (en-CA: YYYY-MM-DD, HH:MM, 24 hours). */
const clock = { year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' } as const;

/** An instant as the facility reads it: YYYY-MM-DD HH:MM in its time zone. */
export function localTime(timeZone: string): (date: Date) => string {
  const format = new Intl.DateTimeFormat('en-CA', { timeZone, ...clock });
  return (date) => format.format(date).replace(',', '');
}

/**
 * An instant as the facility's wall clock, as a Date whose UTC parts are the local ones: a sheet's
 * date has no time zone, so what it shows is what the facility's clock showed (as the PDF's text).
 */
export function localWallClock(timeZone: string): (date: Date) => Date {
  const format = new Intl.DateTimeFormat('en-CA', { timeZone, ...clock, second: '2-digit' });
  return (date) => {
    const part = Object.fromEntries(format.formatToParts(date).map((p) => [p.type, Number(p.value)]));
    return new Date(
      Date.UTC(part.year!, part.month! - 1, part.day, part.hour, part.minute, part.second, date.getUTCMilliseconds()),
    );
  };
}

function xlsxReportWriter(title: string, header: string[], timeZone: string): ReportWriter {
  const stream = new PassThrough();
  const bytes = collected(stream);
  const sheet = xlsxWriter(stream, title, header);
  const local = localWallClock(timeZone);
  return {
    addRows: (rows) => sheet.addRows(rows.map((row) => row.map((cell) => (cell instanceof Date ? local(cell) : cell)))),
    async end() {
      await sheet.end();
      return bytes;
    },
  };
}

const MARGIN = 36;
const ROW_HEIGHT = 14;
const FONT_SIZE = 8;

/**
 * A plain table on landscape A4: the title and when it was made, then the headings (again on each
 * page) and one line per row, each cell cut to its column with an ellipsis. Built-in Helvetica: no
 * font file is read. More than REPORT_PDF_ROWS_MAX rows is refused with its reason (paper is not
 * where 50,000 rows are read: XLSX is).
 */
function pdfReportWriter(title: string, subtitle: string, header: string[], timeZone: string): ReportWriter {
  const doc = new PDFDocument({ size: 'A4', layout: 'landscape', margin: MARGIN, info: { Title: title } });
  const stream = new PassThrough();
  const bytes = collected(stream);
  doc.pipe(stream);
  const width = doc.page.width - 2 * MARGIN;
  const columnWidth = width / Math.max(header.length, 1);
  const bottom = () => doc.page.height - MARGIN - ROW_HEIGHT;
  const time = localTime(timeZone);
  let y = MARGIN;
  let count = 0;

  const line = (cells: string[], bold: boolean) => {
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(FONT_SIZE);
    cells.forEach((text, i) => {
      doc.text(text, MARGIN + i * columnWidth + 2, y + 3, {
        width: columnWidth - 4,
        height: ROW_HEIGHT,
        lineBreak: false,
        ellipsis: true,
      });
    });
    doc
      .moveTo(MARGIN, y + ROW_HEIGHT)
      .lineTo(MARGIN + width, y + ROW_HEIGHT)
      .lineWidth(bold ? 0.8 : 0.3)
      .stroke();
    y += ROW_HEIGHT;
  };
  const headings = () => line(header, true);

  doc.font('Helvetica-Bold').fontSize(14).text(title, MARGIN, y, { width, lineBreak: false, ellipsis: true });
  doc.font('Helvetica').fontSize(9).text(subtitle, MARGIN, y + 20, { width, lineBreak: false, ellipsis: true });
  y += 40;
  headings();
  const text = (cell: SheetCell) =>
    cell === null ? '' : cell instanceof Date ? time(cell) : typeof cell === 'number' ? String(cell) : cell;
  return {
    addRows(rows) {
      count += rows.length;
      if (count > REPORT_PDF_ROWS_MAX)
        return Promise.reject(
          new AppError(
            'VALIDATION_FAILED',
            400,
            `A PDF report holds at most ${REPORT_PDF_ROWS_MAX} rows and this one has more: choose XLSX or narrow the filters`,
          ),
        );
      for (const row of rows) {
        if (y > bottom()) {
          doc.addPage();
          y = MARGIN;
          headings();
        }
        line(row.map(text), false);
      }
      return Promise.resolve();
    },
    end() {
      doc.end();
      return bytes;
    },
  };
}

export function reportWriter(
  format: ReportFormat,
  file: { title: string; subtitle: string; header: string[]; timeZone: string },
): ReportWriter {
  return format === 'xlsx'
    ? xlsxReportWriter(file.title, file.header, file.timeZone)
    : pdfReportWriter(file.title, file.subtitle, file.header, file.timeZone);
}
