import { useEffect, useId, useRef, useState, type CSSProperties } from 'react';
import Quill, { Delta, type Range } from 'quill';
import type { BaseTooltip } from 'quill/themes/base';
import ResizeModule, { type ResizeModuleHandle } from '@botom/quill-resize-module';
import 'quill/dist/quill.snow.css';
import {
  RICH_TEXT_HISTORY,
  RICH_TEXT_LINK_PROTOCOLS,
  richTextEditorLabels,
  richTextEditorMessages,
} from '@hasp/contracts';
import { useCaptions, type Translate } from '../../lib/i18n';
import {
  checkImageFile,
  formatMaxImageSize,
  fromStoredImageStyles,
  isAllowedImageSource,
  normalizeLinkAddress,
  toStoredImageStyles,
  uploadAccept,
} from './rich-text-rules';
import type { RichTextEditorProps } from './RichTextEditor';
import { labelToolbar } from './toolbar-labels';
import classes from './RichTextEditor.module.css';

// The seed's toolbar: headers 1 to 3, bold, italic, underline, link, ordered and bullet lists, and
// clear formatting; plus the image button for uploads (images are resized and aligned in place).
const TOOLBAR = [
  [{ header: 1 }, { header: 2 }, { header: 3 }],
  ['bold', 'italic', 'underline', 'link'],
  [{ list: 'ordered' }, { list: 'bullet' }],
  ['image'],
  ['clean'],
];

let formatsRestricted = false;
/** Quill's links also allow tel: and sms:; the seed allows http, https and mailto only. */
function restrictFormats(): void {
  if (formatsRestricted) return;
  const Link = Quill.import('formats/link') as { PROTOCOL_WHITELIST: string[] };
  Link.PROTOCOL_WHITELIST = [...RICH_TEXT_LINK_PROTOCOLS];
  Quill.register('modules/resize', ResizeModule, true);
  formatsRestricted = true;
}

/** What the editor emits: semantic HTML (real ul/ol lists), empty text as ''. */
function htmlOf(quill: Quill): string {
  if (quill.getLength() <= 1 && !quill.root.querySelector('img')) return '';
  const html = quill
    .getSemanticHTML()
    // Quill 2.0 writes every space as &nbsp;, which would stop lines from wrapping when read.
    .replaceAll('&nbsp;', ' ')
    .replaceAll('<p></p>', '<p><br></p>');
  return toStoredImageStyles(html);
}

function resizeLocale(t: Translate) {
  const l = richTextEditorLabels;
  return {
    altTip: t(l.resizeAltTip),
    floatLeft: t(l.resizeLeft),
    floatRight: t(l.resizeRight),
    center: t(l.resizeCenter),
    restore: t(l.resizeRestore),
    inputTip: t(l.resizeWidth),
    toolbarLabel: t(l.resizeToolbar),
    handlerLabel: t(l.resizeHandle),
    editAttributesLabel: t(l.resizeEditAttributes),
    attributesPanelLabel: t(l.resizeAttributesPanel),
    altTextLabel: t(l.resizeAltText),
    titleTextLabel: t(l.resizeTitle),
    saveLabel: t(l.resizeSave),
    cancelLabel: t(l.resizeCancel),
  };
}

/** Quill's own link tooltip, made keyboard-usable and labelled; its save refuses disallowed addresses. */
function guardLinkTooltip(quill: Quill, t: Translate, refuse: () => void): void {
  const tooltip = (quill.theme as unknown as { tooltip?: BaseTooltip }).tooltip;
  const textbox = tooltip?.textbox;
  if (!tooltip || !textbox) return;
  textbox.setAttribute('aria-label', t(richTextEditorLabels.linkAddress));
  textbox.setAttribute('data-link', 'https://');
  for (const action of tooltip.root.querySelectorAll<HTMLAnchorElement>('a.ql-action, a.ql-remove')) {
    action.setAttribute('role', 'button');
    action.tabIndex = 0;
    action.addEventListener('keydown', (event) => {
      if (event.key !== 'Enter' && event.key !== ' ') return;
      event.preventDefault();
      action.click();
    });
  }
  const save = tooltip.save.bind(tooltip);
  tooltip.save = () => {
    if (tooltip.root.getAttribute('data-mode') === 'link' && textbox.value.trim() !== '') {
      const address = normalizeLinkAddress(textbox.value);
      if (!address) {
        textbox.setAttribute('aria-invalid', 'true');
        refuse();
        textbox.focus();
        return;
      }
      textbox.value = address;
    }
    textbox.removeAttribute('aria-invalid');
    save();
  };
}

/** Drops what the seed does not allow from pasted HTML: images with other addresses, links with other protocols. */
function guardPastes(quill: Quill, onImageDropped: () => void): void {
  quill.clipboard.addMatcher('IMG', (node, delta) => {
    if (isAllowedImageSource((node as HTMLElement).getAttribute('src'))) return delta;
    onImageDropped();
    return new Delta();
  });
  quill.clipboard.addMatcher('A', (node, delta) => {
    const href = (node as HTMLElement).getAttribute('href') ?? '';
    if (normalizeLinkAddress(href) === href.trim()) return delta;
    return new Delta(
      delta.ops.map((op) => {
        if (!op.attributes?.link) return op;
        const { link: _dropped, ...attributes } = op.attributes;
        return Object.keys(attributes).length ? { ...op, attributes } : { insert: op.insert };
      }),
    );
  });
}

/**
 * The Quill 2 editor (snow theme). Loaded lazily by RichTextEditor: Quill, its CSS and the resize
 * module stay out of every other screen's download.
 */
export function QuillEditor({ value, onChange, label, error, description, required }: RichTextEditorProps) {
  const t = useCaptions();
  const id = useId();
  const labelId = `${id}-label`;
  const errorId = `${id}-error`;
  const noticeId = `${id}-notice`;
  const descriptionId = `${id}-description`;
  const hostRef = useRef<HTMLDivElement>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const quillRef = useRef<Quill | null>(null);
  const lastHtml = useRef(value);
  const onChangeRef = useRef(onChange);
  const tRef = useRef(t);
  const [notice, setNotice] = useState<{ text: string; at: number } | null>(null);
  const uploadRange = useRef<Range | null>(null);

  useEffect(() => {
    onChangeRef.current = onChange;
    tRef.current = t;
  });

  const showNotice = (text: string) => setNotice({ text, at: Date.now() });

  const insertImages = async (range: Range | null, files: File[]) => {
    const quill = quillRef.current;
    if (!quill || files.length === 0) return;
    let index = range?.index ?? quill.getSelection(true).index;
    const problems: string[] = [];
    for (const file of files) {
      const check = await checkImageFile(file);
      const name = file.name || 'image';
      if (check.ok) {
        quill.insertEmbed(index, 'image', check.dataUrl, 'user');
        // A first description from the file's name; "Describe the image" on the image changes it.
        quill.formatText(index, 1, { alt: name.replace(/\.[^.]+$/, '').replace(/[-_]+/g, ' ') }, 'user');
        index += 1;
      } else if (check.reason === 'size') {
        problems.push(tRef.current(richTextEditorMessages.imageTooLarge, { name, max: formatMaxImageSize() }));
      } else if (check.reason === 'unsafe') {
        problems.push(tRef.current(richTextEditorMessages.imageUnsafe, { name }));
      } else if (check.reason === 'unreadable') {
        problems.push(tRef.current(richTextEditorMessages.imageReadFailed, { name }));
      } else {
        problems.push(tRef.current(richTextEditorMessages.imageTypeRefused, { name }));
      }
    }
    quill.setSelection(index, 0, 'user');
    if (problems.length) showNotice(problems.join(' '));
  };
  const insertImagesRef = useRef(insertImages);
  useEffect(() => {
    insertImagesRef.current = insertImages;
  });

  useEffect(() => {
    const host = hostRef.current;
    if (!host) return;
    restrictFormats();
    const mount = document.createElement('div');
    host.appendChild(mount);
    const translate = tRef.current;
    const quill = new Quill(mount, {
      theme: 'snow',
      modules: {
        toolbar: {
          container: TOOLBAR,
          handlers: {
            link(this: { quill: Quill }, on: boolean) {
              if (!on) {
                this.quill.format('link', false, 'user');
                return;
              }
              const range = this.quill.getSelection(true);
              if (range.length === 0) {
                showNotice(tRef.current(richTextEditorMessages.linkNeedsSelection));
                return;
              }
              const selected = this.quill.getText(range).trim();
              const tooltip = (this.quill.theme as unknown as { tooltip: BaseTooltip }).tooltip;
              tooltip.edit('link', normalizeLinkAddress(selected) ?? '');
            },
            image(this: { quill: Quill }) {
              uploadRange.current = this.quill.getSelection(true);
              fileRef.current?.click();
            },
          },
        },
        history: { ...RICH_TEXT_HISTORY },
        uploader: {
          mimetypes: uploadAccept,
          handler: (range: Range, files: File[]) => void insertImagesRef.current(range, files),
        },
        resize: {
          locale: resizeLocale(translate),
          constraints: { lockAspectRatio: true },
          toolbar: { sizeUnit: 'px' },
        },
      },
    });
    quillRef.current = quill;

    const root = quill.root;
    root.setAttribute('role', 'textbox');
    root.setAttribute('aria-multiline', 'true');
    root.setAttribute('aria-labelledby', labelId);
    guardLinkTooltip(quill, translate, () => showNotice(tRef.current(richTextEditorMessages.linkRefused)));
    guardPastes(quill, () => {
      // After the paste's own text change, which would clear it.
      setTimeout(() => showNotice(tRef.current(richTextEditorMessages.imageSourceRefused)), 0);
    });

    if (lastHtml.current) {
      quill.setContents(quill.clipboard.convert({ html: fromStoredImageStyles(lastHtml.current) }), 'silent');
    }
    quill.history.clear();
    const onTextChange = () => {
      const html = htmlOf(quill);
      if (html === lastHtml.current) return;
      lastHtml.current = html;
      onChangeRef.current(html);
      setNotice((current) => (current && Date.now() - current.at > 300 ? null : current));
    };
    quill.on('text-change', onTextChange);

    return () => {
      quill.off('text-change', onTextChange);
      (quill.getModule('resize') as ResizeModuleHandle | undefined)?.destroy();
      quillRef.current = null;
      host.innerHTML = '';
    };
    // The editor is built once; later changes reach it through refs and the value effect below.
  }, []); // eslint-disable-line react-hooks/exhaustive-deps

  // A new value from outside (another record loaded): shown without an undo step.
  useEffect(() => {
    const quill = quillRef.current;
    if (!quill || value === lastHtml.current) return;
    lastHtml.current = value;
    quill.setContents(quill.clipboard.convert({ html: fromStoredImageStyles(value) }), 'silent');
    quill.history.clear();
  }, [value]);

  // Toolbar names follow the language.
  useEffect(() => {
    const host = hostRef.current;
    if (host) labelToolbar(host, t);
  }, [t]);

  useEffect(() => {
    const root = quillRef.current?.root;
    if (!root) return;
    const describedBy = [description && descriptionId, error && errorId, notice && noticeId].filter(Boolean);
    if (describedBy.length) root.setAttribute('aria-describedby', describedBy.join(' '));
    else root.removeAttribute('aria-describedby');
    if (error) root.setAttribute('aria-invalid', 'true');
    else root.removeAttribute('aria-invalid');
    if (required) root.setAttribute('aria-required', 'true');
  }, [description, descriptionId, error, errorId, notice, noticeId, required]);

  const l = richTextEditorLabels;
  // Quill's link tooltip writes its words with CSS; these put the captions there.
  const tooltipWords = {
    '--rte-visit-link': JSON.stringify(t(l.visitLink)),
    '--rte-enter-link': JSON.stringify(t(l.enterLink)),
    '--rte-edit-link': JSON.stringify(t(l.editLink)),
    '--rte-save-link': JSON.stringify(t(l.saveLink)),
    '--rte-remove-link': JSON.stringify(t(l.removeLink)),
  } as CSSProperties;

  return (
    <div className={classes.field}>
      <div id={labelId} className={classes.label}>
        {label}
        {required && (
          <span className={classes.required} aria-hidden="true">
            {' *'}
          </span>
        )}
      </div>
      {description && (
        <div id={descriptionId} className={classes.description}>
          {description}
        </div>
      )}
      <div ref={hostRef} className={classes.editor} style={tooltipWords} data-invalid={error ? 'true' : undefined} />
      <input
        ref={fileRef}
        type="file"
        accept={uploadAccept.join(',')}
        multiple
        hidden
        aria-label={t(l.imageFile)}
        onChange={(event) => {
          const files = Array.from(event.currentTarget.files ?? []);
          event.currentTarget.value = '';
          void insertImages(uploadRange.current, files);
        }}
      />
      {notice && (
        <div id={noticeId} className={classes.notice} role="alert">
          {notice.text}
        </div>
      )}
      {error && (
        <div id={errorId} className={classes.error}>
          {error}
        </div>
      )}
    </div>
  );
}
