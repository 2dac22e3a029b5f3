import { lazy, Suspense, type ReactNode } from 'react';
import { Loader } from '@mantine/core';
import { richTextEditorLabels } from '@hasp/contracts';
import { useCaptions } from '../../lib/i18n';
import classes from './RichTextEditor.module.css';

export interface RichTextEditorProps {
  /** The text as HTML ('' when empty). */
  value: string;
  /** Called with the new HTML on every change. */
  onChange: (html: string) => void;
  /** The field's visible label, also the editor's accessible name. */
  label: string;
  /** A validation message for the field, shown under it. */
  error?: string | null;
  description?: ReactNode;
  required?: boolean;
}

const QuillEditor = lazy(async () => ({ default: (await import('./QuillEditor')).QuillEditor }));

/**
 * The one rich-text editor (seed: snow theme, headers 1–3, bold, italic, underline, link, ordered
 * and bullet lists, clear formatting; images resized and aligned; 100-step undo history). A
 * controlled field: `value` in, `onChange(html)` out. Quill loads with the first editor shown.
 */
export function RichTextEditor(props: RichTextEditorProps) {
  const t = useCaptions();
  return (
    <Suspense
      fallback={
        <div className={classes.field}>
          <div className={classes.label}>{props.label}</div>
          <div className={classes.placeholder}>
            <Loader size="sm" aria-label={t(richTextEditorLabels.loading)} />
          </div>
        </div>
      }
    >
      <QuillEditor {...props} />
    </Suspense>
  );
}
