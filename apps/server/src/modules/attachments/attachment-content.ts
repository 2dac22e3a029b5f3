import { createHash } from 'node:crypto';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import {
  ATTACHMENT_MAX_PIXELS,
  ATTACHMENT_THUMBNAIL_PX,
  attachmentMessages as say,
  safeDisplayName,
  type AttachmentContentType,
  type AttachmentKind,
} from '@hasp/contracts';
import { AppError } from '../../plugins/app-error';

/** An upload that passed every check, ready to store: what is stored is re-encoded, never the raw bytes of an image. */
export interface PreparedAttachment {
  kind: AttachmentKind;
  contentType: AttachmentContentType;
  displayName: string;
  content: Buffer;
  thumbnail: Buffer | null;
  width: number | null;
  height: number | null;
  /** SHA-256 of the bytes as sent: two sends of one file are one command (idempotency fingerprint). */
  sha256: string;
}

const unsupported = () => new AppError('UNSUPPORTED_MEDIA_TYPE', 415, say.unsupported);
const polyglot = () => new AppError('UNSUPPORTED_MEDIA_TYPE', 415, say.polyglot);
const images = new Set<string>(['image/jpeg', 'image/png', 'image/webp']);

// Markers of content a browser or another program would run or unpack. Long enough that image data
// never holds them by chance (≥ 5 bytes; the ZIP header is looked for only after the image's end).
const activeMarkers = ['<script', '<html', '<svg', '<?php', '<!doctype', '%pdf-', '<iframe', '<object'];
const zipMarker = Buffer.from('PK\x03\x04', 'latin1');
// A ZIP's directory ends with this record within its last 65,557 bytes, wherever its entries are.
const zipEndMarker = Buffer.from('PK\x05\x06', 'latin1');
const extensions: Record<AttachmentContentType, string> = {
  'image/jpeg': '.jpg',
  'image/png': '.png',
  'image/webp': '.webp',
  'application/pdf': '.pdf',
};

/** The safe name with the extension of what the file really is ("report.exe" holding a PDF: "report.exe.pdf"). */
function displayNameFor(fileName: string, contentType: AttachmentContentType, fallback: string): string {
  const name = safeDisplayName(fileName, fallback);
  const ext = extensions[contentType];
  const same = contentType === 'image/jpeg' ? /\.jpe?g$/i.test(name) : name.toLowerCase().endsWith(ext);
  return same ? name : `${name.slice(0, 120 - ext.length)}${ext}`;
}

function hasActiveMarker(bytes: Buffer): boolean {
  const text = bytes.toString('latin1').toLowerCase();
  return activeMarkers.some((marker) => text.includes(marker));
}

/** Where the image itself ends: after JPEG's last EOI, PNG's IEND chunk, or the WebP RIFF length. */
function imageEnd(bytes: Buffer, contentType: string): number {
  if (contentType === 'image/jpeg') {
    const eoi = bytes.lastIndexOf(Buffer.from([0xff, 0xd9]));
    return eoi < 0 ? bytes.length : eoi + 2;
  }
  if (contentType === 'image/png') {
    const iend = bytes.lastIndexOf(Buffer.from('IEND', 'latin1'));
    return iend < 0 ? bytes.length : iend + 8; // the type, then its 4-byte CRC
  }
  return Math.min(bytes.length, bytes.readUInt32LE(4) + 8);
}

/**
 * Refuses an image that is also something else: markup, a script or a PDF anywhere in it, or an
 * archive after its end. What follows the image's end otherwise (a phone's motion-photo video, a
 * maker's trailer) is dropped by re-encoding rather than refused.
 */
function refuseImagePolyglot(bytes: Buffer, contentType: string): void {
  if (hasActiveMarker(bytes)) throw polyglot();
  const trailer = bytes.subarray(imageEnd(bytes, contentType));
  if (trailer.includes(zipMarker) || bytes.subarray(-65_557).includes(zipEndMarker)) throw polyglot();
}

/**
 * A PDF starts with its header at byte 0 and ends with `%%EOF` (whitespace after it only), and
 * carries no scripts, launch actions or embedded files (as far as its uncompressed text shows:
 * it is only ever sent as a download, never shown inline).
 */
function checkPdf(bytes: Buffer): void {
  if (!bytes.subarray(0, 5).equals(Buffer.from('%PDF-', 'latin1'))) throw polyglot();
  const text = bytes.toString('latin1');
  const eof = text.lastIndexOf('%%EOF');
  if (eof < 0 || text.slice(eof + 5).trim() !== '') throw polyglot();
  const lower = text.toLowerCase();
  if (['<script', '<html', '<svg'].some((m) => lower.includes(m))) throw polyglot();
  if (bytes.subarray(-65_557).includes(zipEndMarker)) throw polyglot();
  if (/\/(JavaScript|JS|Launch|EmbeddedFiles?|RichMedia|XFA)\b/.test(text)) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 415, say.pdfActive);
  }
}

/** Re-encodes a photo in its own format with the orientation applied and every metadata block (EXIF, GPS, XMP) left out. */
async function reencode(bytes: Buffer, contentType: string) {
  // limitInputPixels refuses a decompression bomb from its header, before any pixel is decoded.
  const input = () => sharp(bytes, { limitInputPixels: ATTACHMENT_MAX_PIXELS, failOn: 'error' });
  try {
    const meta = await input().metadata();
    if ((meta.width ?? 0) * (meta.height ?? 0) > ATTACHMENT_MAX_PIXELS) {
      throw new AppError('UNSUPPORTED_MEDIA_TYPE', 415, say.tooManyPixels);
    }
    // rotate() with no angle applies the EXIF orientation; sharp writes no metadata unless asked to.
    const oriented = input().rotate();
    const encoded =
      contentType === 'image/jpeg'
        ? oriented.jpeg({ quality: 88, mozjpeg: true })
        : contentType === 'image/png'
          ? oriented.png({ compressionLevel: 9 })
          : oriented.webp({ quality: 88 });
    const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
    const thumbnail = await input()
      .rotate()
      .resize(ATTACHMENT_THUMBNAIL_PX, ATTACHMENT_THUMBNAIL_PX, { fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 75 })
      .toBuffer();
    return { content: data, thumbnail, width: info.width, height: info.height };
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (/pixel limit/i.test((error as Error).message)) {
      throw new AppError('UNSUPPORTED_MEDIA_TYPE', 415, say.tooManyPixels);
    }
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 415, say.unreadableImage);
  }
}

/**
 * Checks an upload by its content and prepares what is stored: the type from the bytes (the name
 * and the declared type are never believed), the size against the facility's limit, polyglots and
 * decompression bombs refused, images re-encoded without metadata and thumbnailed, the name made a
 * safe display name. Throws 400 (empty), 413 (too large) or 415 (anything else refused).
 * @example const prepared = await prepareAttachment(body, 'IMG_0001.jpg', 20 * 1024 * 1024);
 */
export async function prepareAttachment(
  bytes: Buffer,
  fileName: string,
  maxBytes: number,
): Promise<PreparedAttachment> {
  if (bytes.length === 0) throw AppError.validation([{ field: 'file', message: say.empty }]);
  if (bytes.length > maxBytes) {
    throw new AppError('PAYLOAD_TOO_LARGE', 413, say.tooLarge(Math.round(maxBytes / (1024 * 1024))));
  }
  const detected = await fileTypeFromBuffer(bytes);
  const mime = detected?.mime ?? '';
  if (mime === 'image/heic' || mime === 'image/heif' || mime === 'image/heic-sequence') {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 415, say.heic);
  }
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  if (images.has(mime)) {
    refuseImagePolyglot(bytes, mime);
    const image = await reencode(bytes, mime);
    const contentType = mime as AttachmentContentType;
    return {
      kind: 'photo',
      contentType,
      displayName: displayNameFor(fileName, contentType, 'photo'),
      sha256,
      ...image,
    };
  }
  if (mime === 'application/pdf') {
    checkPdf(bytes);
    return {
      kind: 'document',
      contentType: 'application/pdf',
      displayName: displayNameFor(fileName, 'application/pdf', 'document'),
      content: bytes,
      thumbnail: null,
      width: null,
      height: null,
      sha256,
    };
  }
  throw unsupported();
}
