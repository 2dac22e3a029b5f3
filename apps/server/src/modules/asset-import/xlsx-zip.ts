import { Inflate } from 'fflate';
import { AppError } from '../../plugins/app-error';

/**
 * Zip reading for XLSX uploads, written so a zip bomb can never make us inflate more than a
 * spreadsheet holds: the central directory's sizes are checked before anything is inflated, and
 * the inflation itself is streamed in small slices and stopped the moment an entry produces more
 * than it declared (a bomb can lie in its directory) or the file as a whole passes the cap.
 */

/** All the entries together may unpack to at most this (a 20 MB XLSX of text is far below it). */
export const XLSX_MAX_UNCOMPRESSED_BYTES = 100 * 1024 * 1024;
/** Spreadsheet XML compresses about 10:1; over 100:1 is a bomb, not a sheet. */
export const XLSX_MAX_RATIO = 100;
/** The ratio is checked per entry from this size on (small parts of any ratio are harmless). */
const ENTRY_RATIO_FROM = 1024 * 1024;

export interface ZipEntry {
  name: string;
  method: number;
  compressedSize: number;
  size: number;
  localOffset: number;
  encrypted: boolean;
}

const refuse = (message: string) => AppError.validation([{ field: 'file', message }]);
const damaged = () => refuse('The XLSX file is damaged and cannot be read');
const bomb = () =>
  refuse(
    'The XLSX file unpacks to far more data than a spreadsheet holds (over 100 MB or 100 times its size); it is refused as a possible zip bomb',
  );

const LOCAL_MAGIC = 0x04034b50;
const CENTRAL_MAGIC = 0x02014b50;
const END_MAGIC = 0x06054b50;

/** The archive's directory (no data is inflated); refuses what is not a zip, is damaged or is a bomb. */
export function readZipDirectory(bytes: Buffer): Map<string, ZipEntry> {
  if (bytes.length < 22 || bytes.readUInt32LE(0) !== LOCAL_MAGIC) {
    throw refuse('This is not an XLSX workbook (the file is not a zip archive). Save it as .xlsx and upload it again.');
  }
  // The end record is in the last 22 bytes plus at most a 65,535-byte comment.
  let end = -1;
  for (let i = bytes.length - 22; i >= Math.max(0, bytes.length - 22 - 65_535); i--) {
    if (bytes.readUInt32LE(i) === END_MAGIC) {
      end = i;
      break;
    }
  }
  if (end < 0) throw damaged();
  const count = bytes.readUInt16LE(end + 10);
  let at = bytes.readUInt32LE(end + 16);
  const entries = new Map<string, ZipEntry>();
  let uncompressed = 0;
  let compressed = 0;
  for (let n = 0; n < count; n++) {
    if (at + 46 > bytes.length || bytes.readUInt32LE(at) !== CENTRAL_MAGIC) throw damaged();
    const nameLength = bytes.readUInt16LE(at + 28);
    const entry: ZipEntry = {
      name: bytes.toString('utf8', at + 46, at + 46 + nameLength),
      encrypted: (bytes.readUInt16LE(at + 8) & 1) === 1,
      method: bytes.readUInt16LE(at + 10),
      compressedSize: bytes.readUInt32LE(at + 20),
      size: bytes.readUInt32LE(at + 24),
      localOffset: bytes.readUInt32LE(at + 42),
    };
    // 0xFFFFFFFF means "see the Zip64 record": sizes no spreadsheet upload needs.
    if (entry.size === 0xffffffff || entry.compressedSize === 0xffffffff) throw bomb();
    // Each large part on its own too: padding the archive with an incompressible entry must not
    // buy a sheet 100 MB of XML to parse from a few hundred kilobytes.
    if (entry.size > ENTRY_RATIO_FROM && entry.size > XLSX_MAX_RATIO * Math.max(entry.compressedSize, 1)) throw bomb();
    uncompressed += entry.size;
    compressed += entry.compressedSize;
    entries.set(entry.name, entry);
    at += 46 + nameLength + bytes.readUInt16LE(at + 30) + bytes.readUInt16LE(at + 32);
  }
  if (uncompressed > XLSX_MAX_UNCOMPRESSED_BYTES || uncompressed > XLSX_MAX_RATIO * Math.max(compressed, 1)) {
    throw bomb();
  }
  return entries;
}

/** Compressed bytes pushed per inflate step: deflate's 1032:1 limit bounds each step's output to ~4 MB. */
const SLICE = 4 * 1024;

/**
 * Inflates one entry as a stream of chunks, never past what its directory record declared (nor
 * past `budget`, what is left of the whole file's cap): the output is counted slice by slice and
 * inflation stops there. Nothing is concatenated, so the reader holds one chunk at a time.
 */
export async function* inflateEntry(
  bytes: Buffer,
  entry: ZipEntry,
  budget: { left: number },
): AsyncGenerator<Uint8Array, void, undefined> {
  if (entry.encrypted) throw refuse('The XLSX file is password-protected; save it without a password');
  const at = entry.localOffset;
  if (at + 30 > bytes.length || bytes.readUInt32LE(at) !== LOCAL_MAGIC) throw damaged();
  const start = at + 30 + bytes.readUInt16LE(at + 26) + bytes.readUInt16LE(at + 28);
  const data = bytes.subarray(start, start + entry.compressedSize);
  if (start + entry.compressedSize > bytes.length) throw damaged();
  const limit = Math.min(entry.size, budget.left);
  if (entry.method === 0) {
    if (data.length > limit) throw bomb();
    budget.left -= data.length;
    for (let i = 0; i < data.length; i += SLICE * 16) yield data.subarray(i, i + SLICE * 16);
    return;
  }
  if (entry.method !== 8) throw damaged();
  let produced = 0;
  let pending: Uint8Array[] = [];
  const inflate = new Inflate((chunk) => {
    produced += chunk.length;
    // More than declared: the directory lied (a bomb); more than the budget: too much in all.
    if (produced > limit) throw bomb();
    pending.push(chunk);
  });
  for (let i = 0; i < data.length || i === 0; i += SLICE) {
    try {
      inflate.push(data.subarray(i, i + SLICE), i + SLICE >= data.length);
    } catch (error) {
      if (error instanceof AppError) throw error;
      throw damaged();
    }
    const ready = pending;
    pending = [];
    yield* ready;
  }
  if (produced !== entry.size) throw damaged();
  budget.left -= produced;
}
