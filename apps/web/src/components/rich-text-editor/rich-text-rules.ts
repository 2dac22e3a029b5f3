import {
  RICH_TEXT_IMAGE_MAX_BYTES,
  RICH_TEXT_IMAGE_PROTOCOLS,
  RICH_TEXT_LINK_PROTOCOLS,
  RICH_TEXT_SVG_DANGER,
  RICH_TEXT_UPLOAD_MIME_TYPES,
} from '@hasp/contracts';

/**
 * The editor's own checks of the seed's rules (links http, https, mailto; images http, https,
 * data), so the user learns at once what will not be kept. The server sanitizes again on save.
 */

const linkProtocols: readonly string[] = RICH_TEXT_LINK_PROTOCOLS.map((p) => `${p}:`);
const imageProtocols: readonly string[] = RICH_TEXT_IMAGE_PROTOCOLS.map((p) => `${p}:`);

function parse(address: string): URL | null {
  try {
    return new URL(address);
  } catch {
    return null;
  }
}

/**
 * The address a link will point to, or null when it is not allowed. A bare domain gets https:// and
 * a bare e-mail address mailto:, as people type them.
 * @example normalizeLinkAddress('hasp.example/docs') === 'https://hasp.example/docs'
 */
export function normalizeLinkAddress(input: string): string | null {
  let address = input.trim();
  if (!address) return null;
  if (/^[^\s@:/]+@[^\s@:/]+\.[^\s@:/]+$/.test(address)) address = `mailto:${address}`;
  else if (/^(www\.)?[a-z0-9-]+(\.[a-z0-9-]+)+([/?#:]|$)/i.test(address)) address = `https://${address}`;
  const url = parse(address);
  if (!url || !linkProtocols.includes(url.protocol)) return null;
  if (url.protocol !== 'mailto:' && !url.hostname) return null;
  // Keep what the user wrote (URL would add a trailing slash to a bare domain).
  return /^(https?:\/\/|mailto:)/i.test(address) ? address : null;
}

/** Whether an image address may stay in the text (http, https, or an inline image). */
export function isAllowedImageSource(src: string | null | undefined): boolean {
  const value = (src ?? '').trim();
  if (/^data:/i.test(value)) return /^data:image\/[a-z0-9.+-]+[;,]/i.test(value);
  const url = parse(value);
  return url !== null && imageProtocols.includes(url.protocol) && url.protocol !== 'data:' && url.hostname !== '';
}

export type ImageKind = 'png' | 'gif' | 'jpeg' | 'bmp' | 'icon' | 'svg';

const kindByMimeType: Record<string, ImageKind> = {
  'image/png': 'png',
  'image/gif': 'gif',
  'image/jpeg': 'jpeg',
  'image/bmp': 'bmp',
  'image/x-icon': 'icon',
  'image/vnd.microsoft.icon': 'icon',
  'image/svg+xml': 'svg',
};

/** The MIME types the file picker offers (the seed's list, and the other name browsers give icons). */
export const uploadAccept = [...RICH_TEXT_UPLOAD_MIME_TYPES, 'image/vnd.microsoft.icon'];

const startsWith = (bytes: Uint8Array, signature: number[]) => signature.every((b, i) => bytes[i] === b);

/** What the file's first bytes say it is (an extension or a declared type can lie). */
export function sniffImageKind(bytes: Uint8Array): ImageKind | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(bytes, [0x47, 0x49, 0x46, 0x38]) && (bytes[4] === 0x37 || bytes[4] === 0x39) && bytes[5] === 0x61)
    return 'gif';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, [0x42, 0x4d])) return 'bmp';
  if (startsWith(bytes, [0x00, 0x00, 0x01, 0x00])) return 'icon';
  const head = new TextDecoder().decode(bytes.subarray(0, 2048));
  // An SVG is text: an optional BOM, XML declaration and comments, then the svg element.
  if (/^\uFEFF?\s*(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*<svg[\s>]/i.test(head)) return 'svg';
  return null;
}

export type ImageCheck =
  { ok: true; dataUrl: string } | { ok: false; reason: 'type' | 'size' | 'unsafe' | 'unreadable' };

function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => (typeof reader.result === 'string' ? resolve(reader.result) : reject(new Error('No data')));
    reader.onerror = () => reject(reader.error ?? new Error('Unreadable'));
    reader.readAsDataURL(file);
  });
}

/**
 * Checks an image file for the editor: an allowed type that its first bytes confirm, at most
 * RICH_TEXT_IMAGE_MAX_BYTES, and an SVG without scripts or outside references. Returns its data URL.
 */
export async function checkImageFile(file: File): Promise<ImageCheck> {
  const declared = kindByMimeType[file.type];
  if (!declared) return { ok: false, reason: 'type' };
  if (file.size > RICH_TEXT_IMAGE_MAX_BYTES) return { ok: false, reason: 'size' };
  let bytes: Uint8Array;
  try {
    bytes = new Uint8Array(await file.arrayBuffer());
  } catch {
    return { ok: false, reason: 'unreadable' };
  }
  if (sniffImageKind(bytes) !== declared) return { ok: false, reason: 'type' };
  if (declared === 'svg' && RICH_TEXT_SVG_DANGER.test(new TextDecoder().decode(bytes))) {
    return { ok: false, reason: 'unsafe' };
  }
  try {
    const dataUrl = await readAsDataUrl(file);
    // Icons may be read as image/vnd.microsoft.icon or an empty type: name them as declared.
    return { ok: true, dataUrl: dataUrl.replace(/^data:[^;,]*/, `data:${file.type}`) };
  } catch {
    return { ok: false, reason: 'unreadable' };
  }
}

/** "1 MB" for the size message. */
export function formatMaxImageSize(): string {
  return `${Math.round(RICH_TEXT_IMAGE_MAX_BYTES / 1024 / 1024)} MB`;
}

/**
 * The server keeps an image's centring as `margin: 0px auto` (its style allow-list has no bare
 * `auto`); the resize module writes and reads `margin: auto`. These two convert between them.
 */
export function toStoredImageStyles(html: string): string {
  return mapImages(html, (img) => {
    if (img.style.margin === 'auto') img.style.margin = '0px auto';
  });
}

export function fromStoredImageStyles(html: string): string {
  return mapImages(html, (img) => {
    const { marginTop, marginBottom, marginLeft, marginRight } = img.style;
    if (marginLeft === 'auto' && marginRight === 'auto' && /^0(px)?$/.test(marginTop) && /^0(px)?$/.test(marginBottom))
      img.style.margin = 'auto';
  });
}

function mapImages(html: string, change: (img: HTMLImageElement) => void): string {
  if (!html.includes('<img')) return html;
  // A template's content is inert: nothing loads or runs while it is edited.
  const template = document.createElement('template');
  template.innerHTML = html;
  template.content.querySelectorAll('img').forEach(change);
  return template.innerHTML;
}
