import escapeHtml from 'escape-html';
import type { NotificationVariable } from '@hasp/contracts';

export type NoticeValues = Partial<Record<NotificationVariable, string>>;

const PLACEHOLDER = /\{\{\s*([A-Za-z]+)\s*\}\}/g;

/**
 * Fills `{{name}}` with its value, in one pass (a value that looks like a placeholder stays text);
 * an unknown name renders empty so a typo never shows braces to a reader. `escape` is applied to
 * the values only: the template's own words are the administrator's, the values come from permits.
 */
export function fillTemplate(text: string, values: NoticeValues, escape: (s: string) => string = (s) => s): string {
  return text.replace(PLACEHOLDER, (_, name: string) =>
    escape(Object.hasOwn(values, name) ? (values[name as NotificationVariable] ?? '') : ''),
  );
}

export interface RenderedNotice {
  subject: string;
  text: string;
  html: string;
}

/**
 * A notice as the inbox and an e-mail show it. The HTML part escapes everything: the template's
 * words and every value (a permit titled `<script>` arrives as text), and turns line breaks into
 * `<br>`; the link becomes the one anchor, built here, never from the template.
 */
export function renderNotice(
  template: { subject: string; body: string },
  values: NoticeValues,
  url: string | null,
): RenderedNotice {
  const subject = fillTemplate(template.subject, values);
  const text = fillTemplate(template.body, values);
  const paragraphs = escapeHtml(text).replace(/\r?\n/g, '<br>');
  const link = url ? `<p><a href="${escapeHtml(url)}">${escapeHtml(url)}</a></p>` : '';
  const html = `<!doctype html><html><body><h1 style="font-size:18px">${escapeHtml(subject)}</h1><p>${paragraphs}</p>${link}</body></html>`;
  return { subject, text: url ? `${text}\n\n${url}` : text, html };
}
