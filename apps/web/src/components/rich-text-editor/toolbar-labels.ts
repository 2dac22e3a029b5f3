import { richTextEditorTooltips } from '@hasp/contracts';
import type { Translate } from '../../lib/i18n';

const tooltips = richTextEditorTooltips;
/** Each toolbar button Quill builds, by its selector, and the caption that names it. */
const buttons = [
  ['.ql-header[value="1"]', tooltips.header1],
  ['.ql-header[value="2"]', tooltips.header2],
  ['.ql-header[value="3"]', tooltips.header3],
  ['.ql-bold', tooltips.bold],
  ['.ql-italic', tooltips.italic],
  ['.ql-underline', tooltips.underline],
  ['.ql-link', tooltips.link],
  ['.ql-list[value="ordered"]', tooltips.orderedList],
  ['.ql-list[value="bullet"]', tooltips.bulletList],
  ['.ql-image', tooltips.image],
  ['.ql-clean', tooltips.clean],
] as const;

/** Names Quill's toolbar and its buttons with the captions (Quill's own labels are format names). */
export function labelToolbar(host: HTMLElement, t: Translate): void {
  const toolbar = host.querySelector<HTMLElement>('.ql-toolbar');
  if (!toolbar) return;
  toolbar.setAttribute('role', 'toolbar');
  toolbar.setAttribute('aria-label', t(tooltips.toolbar));
  for (const [selector, caption] of buttons) {
    const button = toolbar.querySelector<HTMLElement>(`button${selector}`);
    if (!button) continue;
    button.setAttribute('aria-label', t(caption));
    button.title = t(caption);
  }
}
