import * as z from 'zod/mini';
import type { Caption } from './captions/define-captions';

/**
 * Words a shared rule says (a refusal, a next step), as the caption that says them and its values,
 * so every reader gets them in their own language: the English text travels beside it for the
 * API's callers and for a screen whose captions have not loaded. `terms` are values that are
 * themselves captions (a status's label), translated before they are filled in.
 */
export const saidSchema = z.object({
  /** The caption's key, `itemType|formName|controlName` (caption parts never hold a `|`). */
  caption: z.string(),
  values: z.record(z.string(), z.string()),
  terms: z.record(z.string(), z.string()),
  /** Values that are lists of captions (the fields an edit changed), said joined by commas. */
  lists: z.optional(z.record(z.string(), z.array(z.string()))),
});
export type Said = z.infer<typeof saidSchema>;

/** Every caption a rule may say, by key: the web translates a `Said` with the caption it names. */
const sayable = new Map<string, Caption>();

export const captionKey = (c: Pick<Caption, 'itemType' | 'formName' | 'controlName'>) =>
  `${c.itemType}|${c.formName}|${c.controlName}`;

/** Makes the captions of some catalogs sayable by rules (the catalogs of rules' words and the terms they use). */
export function registerSayable(...catalogs: Readonly<Record<string, Caption>>[]): void {
  for (const catalog of catalogs)
    for (const caption of Object.values(catalog)) sayable.set(captionKey(caption), caption);
}

/** The caption a `Said` names, if any rule registered it. */
export const sayableCaption = (key: string): Caption | undefined => sayable.get(key);

const PLACEHOLDER = /\{\{\s*([^{}\s]+)\s*\}\}/g;

/** A caption's text with its placeholders filled (as the web's `translate` does). */
export function fillPlaceholders(text: string, values: Readonly<Record<string, string | number>>): string {
  return text.replace(PLACEHOLDER, (placeholder, name: string) =>
    Object.hasOwn(values, name) ? String(values[name]) : placeholder,
  );
}

/**
 * What a rule says: the caption with its values, and its English words.
 * @example say(c.notEditable, {}, { status: permitStatusCaptions.closed }).message === 'The hazard analysis … this permit is Closed.'
 */
export function say(
  caption: Caption,
  values: Readonly<Record<string, string | number>> = {},
  terms: Readonly<Record<string, Caption>> = {},
  lists: Readonly<Record<string, readonly Caption[]>> = {},
): { message: string; said: Said } {
  const text: Record<string, string> = Object.fromEntries(Object.entries(values).map(([k, v]) => [k, String(v)]));
  const english = {
    ...text,
    ...Object.fromEntries(Object.entries(terms).map(([k, t]) => [k, t.defaultCaption])),
    ...Object.fromEntries(Object.entries(lists).map(([k, l]) => [k, l.map((t) => t.defaultCaption).join(', ')])),
  };
  for (const c of [caption, ...Object.values(terms), ...Object.values(lists).flat()]) sayable.set(captionKey(c), c);
  const listKeys = Object.entries(lists).map(([k, l]): [string, string[]] => [k, l.map(captionKey)]);
  return {
    message: fillPlaceholders(caption.defaultCaption, english),
    said: {
      caption: captionKey(caption),
      values: text,
      terms: Object.fromEntries(Object.entries(terms).map(([k, t]) => [k, captionKey(t)])),
      ...(listKeys.length ? { lists: Object.fromEntries(listKeys) } : {}),
    },
  };
}

/**
 * A `Said` in the reader's words, given their caption function; the English `fallback` when it
 * names a caption this build does not know (a newer server).
 */
export function sayIn(
  said: Said | null | undefined,
  fallback: string,
  t: (caption: Caption, values?: Record<string, string | number>) => string,
): string {
  const caption = said ? sayable.get(said.caption) : undefined;
  if (!said || !caption) return fallback;
  const terms: Record<string, string> = {};
  for (const [name, key] of Object.entries(said.terms)) {
    const term = sayable.get(key);
    if (!term) return fallback;
    terms[name] = t(term);
  }
  for (const [name, keys] of Object.entries(said.lists ?? {})) {
    const items = keys.map((key) => sayable.get(key));
    if (items.some((item) => !item)) return fallback;
    terms[name] = items.map((item) => t(item!)).join(', ');
  }
  return t(caption, { ...said.values, ...terms });
}
