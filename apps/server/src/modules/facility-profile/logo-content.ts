import {
  FACILITY_LOGO_MAX_BYTES,
  RICH_TEXT_SVG_DANGER,
  facilityLogoMessages,
  type FacilityLogoType,
} from '@hasp/contracts';
import { AppError } from '../../plugins/app-error';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG_SIGNATURE = Buffer.from([0xff, 0xd8, 0xff]);
// An SVG document: optional XML declaration and comments, then the <svg> root.
const SVG_START = /^\s*(<\?xml[^>]*\?>\s*)?(<!--[\s\S]*?-->\s*)*<svg[\s>]/i;

const names: Record<FacilityLogoType, string> = { 'image/png': 'PNG', 'image/jpeg': 'JPEG', 'image/svg+xml': 'SVG' };
const refuse = (message: string): never => {
  throw AppError.validation([{ field: 'data', message }]);
};

function isSvgText(bytes: Buffer): string | null {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
  return !text.includes('\0') && SVG_START.test(text) ? text : null;
}

/**
 * The logo's bytes, once they are what they claim to be: the declared type must match the content
 * (magic bytes; an SVG must be UTF-8 text with an <svg> root), the size at most 256 KB, and an SVG
 * may hold nothing that scripts, handles events or loads anything from elsewhere (refused, never
 * repaired: a repaired drawing is not the one the administrator chose).
 */
export function checkedLogo(contentType: FacilityLogoType, base64: string): Buffer {
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(base64)) refuse(facilityLogoMessages.content(names[contentType]));
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.length === 0) refuse(facilityLogoMessages.empty);
  if (bytes.length > FACILITY_LOGO_MAX_BYTES) refuse(facilityLogoMessages.size);
  const wrongContent = () => refuse(facilityLogoMessages.content(names[contentType]));
  switch (contentType) {
    case 'image/png':
      if (!bytes.subarray(0, PNG_SIGNATURE.length).equals(PNG_SIGNATURE)) wrongContent();
      break;
    case 'image/jpeg':
      if (!bytes.subarray(0, JPEG_SIGNATURE.length).equals(JPEG_SIGNATURE)) wrongContent();
      break;
    case 'image/svg+xml': {
      const text = isSvgText(bytes);
      if (text === null) wrongContent();
      else if (RICH_TEXT_SVG_DANGER.test(text)) refuse(facilityLogoMessages.svgUnsafe);
      break;
    }
  }
  return bytes;
}
