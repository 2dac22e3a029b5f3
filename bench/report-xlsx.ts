/**
 * The XLSX export goal: ≥ 50,000 rows/s streamed, memory flat. Writes ROWS rows shaped like
 * the permit register (13 columns: numbers, names, titles, a status, four dates; every 50th title
 * starts like a formula, so the escape runs too) through the one streaming XLSX writer every export
 * uses (modules/spreadsheet xlsxWriter: exceljs's WorkbookWriter) into a sink that counts the
 * bytes, in batches of 2,000 as the database cursor hands them over. Prints rows/s and the bench
 * process's RSS (sampled every 20 ms) before, at each third and at its peak. Not a test: it prints
 * numbers and never fails on them. Measures the writer, not the database read (the permit index
 * bench covers the cursor's query).
 *
 *   npx tsx bench/report-xlsx.ts           (HASP_BENCH_XLSX_ROWS, default 300000)
 */
import { Writable } from 'node:stream';
import { performance } from 'node:perf_hooks';
import { xlsxWriter, type SheetCell } from '../apps/server/src/modules/spreadsheet';

const ROWS = Number(process.env.HASP_BENCH_XLSX_ROWS ?? 300_000);
const BATCH = 2000;
const MB = 1024 * 1024;

let bytes = 0;
const sink = new Writable({
  write(chunk: Buffer, _encoding, done) {
    bytes += chunk.length;
    done();
  },
});

let peak = process.memoryUsage.rss();
const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 20);
const statuses = ['Draft', 'Requested', 'Approved', 'Isolated', 'Active', 'Closed'];
const base = Date.UTC(2026, 0, 1);
const row = (i: number): SheetCell[] => [
  `LOTO-${String(i).padStart(6, '0')}`,
  'Lockout/Tagout',
  statuses[i % statuses.length]!,
  i % 50 === 0 ? `=HYPERLINK("http://evil.example","${i}")` : `Replace the seal of pump P-${i % 997} on line ${i % 13}`,
  `A-${i % 40} Boiler house`,
  `Requester ${i % 300}`,
  i % 3 ? `Holder ${i % 200}` : null,
  i % 4 ? `Issuer ${i % 50}` : null,
  new Date(base + i * 60_000),
  new Date(base + i * 60_000 + 8 * 3_600_000),
  ['Low', 'Medium', 'High'][i % 3]!,
  new Date(base + i * 30_000),
  new Date(base + i * 45_000),
];
const header = [
  'Number',
  'Type',
  'Status',
  'Title',
  'Area',
  'Requester',
  'Holder',
  'Issuer',
  'Planned start',
  'Planned end',
  'Risk',
  'Created',
  'Last changed',
];

const before = process.memoryUsage.rss();
const thirds: number[] = [];
const started = performance.now();
const sheet = xlsxWriter(sink, 'Permits', header);
for (let done = 0; done < ROWS; done += BATCH) {
  const batch: SheetCell[][] = [];
  for (let i = done; i < Math.min(done + BATCH, ROWS); i++) batch.push(row(i));
  await sheet.addRows(batch);
  // The real path awaits the next batch from the cursor here: the event loop turns (and the sampler runs).
  await new Promise((resolve) => setImmediate(resolve));
  if (thirds.length < 3 && done + BATCH >= ((thirds.length + 1) * ROWS) / 3) thirds.push(process.memoryUsage.rss());
}
await sheet.end();
const seconds = (performance.now() - started) / 1000;
clearInterval(sampler);

const rate = Math.round(ROWS / seconds);
console.log(`P10 XLSX export: ${ROWS.toLocaleString('en')} rows × ${header.length} columns in ${seconds.toFixed(2)} s`);
console.log(
  `  ${rate.toLocaleString('en')} rows/s (goal ≥ 50,000: ${rate >= 50_000 ? 'met' : 'NOT met'}), file ${(bytes / MB).toFixed(1)} MB`,
);
console.log(
  `  RSS before ${(before / MB).toFixed(0)} MB; after each third ${thirds.map((r) => (r / MB).toFixed(0)).join(' / ')} MB; peak ${(peak / MB).toFixed(0)} MB`,
);
