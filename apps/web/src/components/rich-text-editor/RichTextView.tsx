import { useMemo } from 'react';
import classes from './RichTextView.module.css';

interface RichTextViewProps {
  /** HTML from the server, which sanitized it when it was stored. Never pass the user's own input. */
  html: string;
  className?: string;
}

/** Images stored without a description (pasted ones) are marked decorative, so readers skip them. */
function withImageAlts(html: string): string {
  if (!/<img(?![^>]*\salt=)/i.test(html)) return html;
  // A template's content is inert: nothing loads or runs while it is edited.
  const template = document.createElement('template');
  template.innerHTML = html;
  template.content.querySelectorAll('img:not([alt])').forEach((img) => img.setAttribute('alt', ''));
  return template.innerHTML;
}

/** Stored rich text, for reading: headings, lists, links and resized, aligned images as written. */
export function RichTextView({ html, className }: RichTextViewProps) {
  const shown = useMemo(() => withImageAlts(html), [html]);
  return (
    <div
      className={className ? `${classes.view} ${className}` : classes.view}
      // The server's allow-list sanitizer is the gate (apps/server/src/modules/rich-text).
      dangerouslySetInnerHTML={{ __html: shown }}
    />
  );
}
