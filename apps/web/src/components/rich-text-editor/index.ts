/** The rich-text editor and its reading view, shared by every feature that stores rich text. */
export { RichTextEditor, type RichTextEditorProps } from './RichTextEditor';
export { RichTextView } from './RichTextView';
