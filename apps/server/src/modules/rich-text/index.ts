// The one sanitizer for stored rich text (a sanitize-html allow-list).

export { isBlankRichText, sanitizeRichText } from './sanitize-rich-text';
