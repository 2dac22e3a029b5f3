/**
 * The rich-text editor's rules (seed: "Link addresses in the editor are limited to http, https and
 * mailto; image addresses to http, https and data"; "headers 1 to 3; undo history up to 100 steps
 * with 1000 ms delay"). The web editor enforces them as the user types; the server's sanitizer
 * enforces them again on everything stored.
 */
export const RICH_TEXT_LINK_PROTOCOLS = ['http', 'https', 'mailto'] as const;
export const RICH_TEXT_IMAGE_PROTOCOLS = ['http', 'https', 'data'] as const;
export const RICH_TEXT_HEADER_LEVELS = [1, 2, 3] as const;

/** Undo history of the editor (Quill's history module options). */
export const RICH_TEXT_HISTORY = { delay: 1000, maxStack: 100, userOnly: true } as const;

/** Image files the editor accepts for upload; each is stored inline as a data URL. */
export const RICH_TEXT_UPLOAD_MIME_TYPES = [
  'image/png',
  'image/gif',
  'image/jpeg',
  'image/bmp',
  'image/x-icon',
  'image/svg+xml',
] as const;

/** Largest image file the editor accepts (the whole text, images included, stays under 2 MB). */
export const RICH_TEXT_IMAGE_MAX_BYTES = 1024 * 1024;

/** Anything in an SVG image that could script, fetch or expand: such an image is refused, never repaired. */
export const RICH_TEXT_SVG_DANGER =
  /<script|<foreignobject|<!entity|<!doctype|\son[a-z]+\s*=|javascript:|vbscript:|data:text|(xlink:)?href\s*=\s*["']?(?!#)|<iframe|<embed|<object|@import|url\s*\(\s*["']?(?!#)/i;
