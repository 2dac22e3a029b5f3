import sanitizeHtml from 'sanitize-html';
import { RICH_TEXT_IMAGE_PROTOCOLS, RICH_TEXT_LINK_PROTOCOLS, RICH_TEXT_SVG_DANGER } from '@hasp/contracts';

/**
 * The one allow-list for stored rich text (the editor's toolbar: headers 1–3, bold, italic,
 * underline, links, ordered and bullet lists, images that can be resized and aligned). Everything
 * else is removed, so a hostile client cannot store anything that runs.
 */
const RASTER_DATA_URL = /^data:image\/(png|jpeg|gif|bmp|x-icon|vnd\.microsoft\.icon|webp);base64,[a-z0-9+/=\s]+$/i;
const SVG_DATA_URL = /^data:image\/svg\+xml(?:;(?:utf8|charset=[a-z0-9-]+))*(;base64)?,(.*)$/is;
// Anything in an SVG that could script, fetch or expand: the image is dropped rather than repaired.
const SVG_DANGER = RICH_TEXT_SVG_DANGER;

const alignClass = /^ql-(align-(center|right|justify)|indent-[1-8])$/;

/** Returns the image source to keep, or null to drop the image. */
export function safeImageSource(src: string): string | null {
  const value = src.trim();
  if (/^https?:\/\//i.test(value)) return value;
  if (RASTER_DATA_URL.test(value)) return value.replace(/\s+/g, '');
  const svg = SVG_DATA_URL.exec(value);
  if (svg) {
    let text: string;
    try {
      text = svg[1] ? Buffer.from(svg[2]!, 'base64').toString('utf8') : decodeURIComponent(svg[2]!);
    } catch {
      return null;
    }
    if (SVG_DANGER.test(text) || !/<svg[\s>]/i.test(text)) return null;
    return `data:image/svg+xml;base64,${Buffer.from(text, 'utf8').toString('base64')}`;
  }
  return null;
}

const options: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'h1', 'h2', 'h3', 'strong', 'b', 'em', 'i', 'u', 'a', 'ol', 'ul', 'li', 'img', 'span'],
  allowedAttributes: {
    a: ['href', 'target', 'rel'],
    img: ['src', 'alt', 'width', 'height', 'style', 'class'],
    li: ['data-list', 'class'],
    p: ['class'],
    h1: ['class'],
    h2: ['class'],
    h3: ['class'],
    span: ['class'],
  },
  allowedClasses: {
    p: [alignClass],
    h1: [alignClass],
    h2: [alignClass],
    h3: [alignClass],
    li: [alignClass],
    img: [/^ql-image-align-(left|center|right)$/],
    span: ['ql-ui'],
  },
  // Alignment and size set by the image-resize module; nothing that can load or position outside.
  allowedStyles: {
    img: {
      float: [/^(left|right|none)$/],
      display: [/^(inline|block|inline-block)$/],
      margin: [/^[0-9.]+(px|em|%)?( [0-9.]+(px|em|%)?| auto){0,3}$/],
      width: [/^[0-9.]+(px|%)$/],
      height: [/^[0-9.]+(px|%)$/],
    },
  },
  allowedSchemes: [...RICH_TEXT_LINK_PROTOCOLS],
  allowedSchemesByTag: { a: [...RICH_TEXT_LINK_PROTOCOLS], img: [...RICH_TEXT_IMAGE_PROTOCOLS] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  nonTextTags: [
    'script',
    'style',
    'textarea',
    'option',
    'noscript',
    'template',
    'title',
    'xmp',
    'iframe',
    'noembed',
    'noframes',
  ],
  transformTags: {
    a: (tagName, attribs) => {
      // Only absolute http(s) and mailto addresses, as the editor allows; links open safely in a
      // new tab and the target cannot reach back through window.opener.
      const href = attribs.href?.trim();
      const safe: Record<string, string> = href && /^(https?:\/\/|mailto:)/i.test(href) ? { href } : {};
      return { tagName, attribs: { ...safe, target: '_blank', rel: 'noopener noreferrer nofollow' } };
    },
  },
  exclusiveFilter: (frame) =>
    frame.tag === 'img' && (!frame.attribs.src || safeImageSource(frame.attribs.src) === null),
  allowVulnerableTags: false,
  parser: { lowerCaseAttributeNames: true },
};

/** Sanitizes rich text for storage and display. Idempotent: sanitizing twice changes nothing. */
export function sanitizeRichText(html: string): string {
  const once = sanitizeHtml(html, {
    ...options,
    transformTags: {
      ...options.transformTags,
      img: (tagName, attribs) => {
        const src = attribs.src ? safeImageSource(attribs.src) : null;
        return { tagName, attribs: src ? { ...attribs, src } : { ...attribs, src: '' } };
      },
    },
  });
  return once;
}

/** True when the text has nothing a reader would see (only empty paragraphs). */
export function isBlankRichText(html: string): boolean {
  return sanitizeHtml(html, { allowedTags: ['img'], allowedAttributes: { img: ['src'] } }).trim() === '';
}
