import * as z from 'zod/mini';
import type { Caption } from './captions/define-captions';
import { listWordCaptions } from './captions/list-words';
import { listInWords } from './list-words';

/**
 * Words a shared rule says (a refusal, a next step), as the caption that says them and its values,
 * so every reader gets them in their own language: the English text travels beside it for the
 * API's callers and for a screen whose captions have not loaded. `terms` are values that are
 * themselves captions (a status's label), translated before they are filled in.
 */
const saidShape = {
  /** The caption's key, `itemType|formName|controlName` (caption parts never hold a `|`). */
  caption: z.string(),
  values: z.record(z.string(), z.string()),
  terms: z.record(z.string(), z.string()),
  /** Values that are lists of captions (the fields an edit changed), said joined by commas. */
  lists: z.optional(z.record(z.string(), z.array(z.string()))),
  /** Values that are lists of names as written (point codes, people), joined by the reader's "and". */
  items: z.optional(z.record(z.string(), z.array(z.string()))),
};
/** A phrase said inside a sentence ("E-1 and P-2 are Isolated"): a caption with its values, no deeper. */
const phraseSchema = z.object(saidShape);
const sentenceShape = {
  ...saidShape,
  /**
   * Values that are themselves phrases with words of their own (each group of points and the state
   * they are in), each said in the reader's words and joined by semicolons.
   */
  phrases: z.optional(z.record(z.string(), z.array(phraseSchema))),
};
export const saidSchema = z.object({
  ...sentenceShape,
  /**
   * The sentences said after this one, each a sentence of its own (a refusal naming everything that
   * blocks a command, one sentence per thing), joined by spaces.
   */
  then: z.optional(z.array(z.object(sentenceShape))),
});
export type Said = z.infer<typeof saidSchema>;
// One component of the OpenAPI document (`Said`), referred to by every answer that carries one.
z.globalRegistry.add(saidSchema, { id: 'Said' });

/** Every caption a rule may say, by key: the web translates a `Said` with the caption it names. */
const sayable = new Map<string, Caption>();

export const captionKey = (c: Pick<Caption, 'itemType' | 'formName' | 'controlName'>) =>
  `${c.itemType}|${c.formName}|${c.controlName}`;

/** Makes the captions of some catalogs sayable by rules (the catalogs of rules' words and the terms they use). */
export function registerSayable(...catalogs: Readonly<Record<string, Caption>>[]): void {
  for (const catalog of catalogs)
    for (const caption of Object.values(catalog)) sayable.set(captionKey(caption), caption);
}

/** Every caption registered as sayable (the translations' test holds each to a Spanish one). */
export const sayableCaptions = (): Caption[] => [...sayable.values()];

/** The caption a `Said` names, if any rule registered it. */
export const sayableCaption = (key: string): Caption | undefined => sayable.get(key);

const PLACEHOLDER = /\{\{\s*([^{}\s]+)\s*\}\}/g;

/** A caption's text with its placeholders filled (as the web's `translate` does). */
export function fillPlaceholders(text: string, values: Readonly<Record<string, string | number>>): string {
  return text.replace(PLACEHOLDER, (placeholder, name: string) =>
    Object.hasOwn(values, name) ? String(values[name]) : placeholder,
  );
}

/** Words a rule says: their English and what names them (`say`'s answer). */
export interface Spoken {
  message: string;
  said: Said;
}

/** A value of a rule's words: text as written, a number, or a list of names said as "A, B and C". */
export type SaidValue = string | number | readonly string[];

/** Joins the phrases a sentence names, as `say` and `sayIn` both do. */
const PHRASE_SEPARATOR = '; ';

/**
 * What a rule says: the caption with its values, and its English words. `phrases` are values that
 * are said themselves (with `say`), in the reader's words, joined by semicolons.
 * @example say(c.notEditable, {}, { status: permitStatusCaptions.closed }).message === 'The hazard analysis … this permit is Closed.'
 */
export function say(
  caption: Caption,
  values: Readonly<Record<string, SaidValue>> = {},
  terms: Readonly<Record<string, Caption>> = {},
  lists: Readonly<Record<string, readonly Caption[]>> = {},
  phrases: Readonly<Record<string, readonly Spoken[]>> = {},
): Spoken {
  const text: Record<string, string> = {};
  const items: Record<string, string[]> = {};
  for (const [k, v] of Object.entries(values)) {
    if (Array.isArray(v)) items[k] = [...(v as readonly string[])];
    else text[k] = String(v);
  }
  const english = {
    ...text,
    ...Object.fromEntries(Object.entries(items).map(([k, l]) => [k, listInWords(l)])),
    ...Object.fromEntries(Object.entries(terms).map(([k, t]) => [k, t.defaultCaption])),
    ...Object.fromEntries(Object.entries(lists).map(([k, l]) => [k, l.map((t) => t.defaultCaption).join(', ')])),
    ...Object.fromEntries(Object.entries(phrases).map(([k, p]) => [k, p.map((x) => x.message).join(PHRASE_SEPARATOR)])),
  };
  for (const c of [caption, ...Object.values(terms), ...Object.values(lists).flat()]) sayable.set(captionKey(c), c);
  const listKeys = Object.entries(lists).map(([k, l]): [string, string[]] => [k, l.map(captionKey)]);
  const phraseSaids = Object.entries(phrases).map(([k, p]): [string, Said[]] => [
    k,
    // A phrase is one level deep: its own phrases and sentences are not carried.
    p.map(({ said: { phrases: _deeper, then: _after, ...phrase } }) => phrase),
  ]);
  return {
    message: fillPlaceholders(caption.defaultCaption, english),
    said: {
      caption: captionKey(caption),
      values: text,
      terms: Object.fromEntries(Object.entries(terms).map(([k, t]) => [k, captionKey(t)])),
      ...(listKeys.length ? { lists: Object.fromEntries(listKeys) } : {}),
      ...(Object.keys(items).length ? { items } : {}),
      ...(phraseSaids.length ? { phrases: Object.fromEntries(phraseSaids) } : {}),
    },
  };
}

/**
 * Sentences said one after another (a refusal naming everything that blocks): their English joined
 * by spaces, and the first sentence's `said` carrying the others as `then`.
 * @example sayTogether([say(a), say(b)]).message === `${say(a).message} ${say(b).message}`
 */
export function sayTogether(sentences: readonly Spoken[]): Spoken {
  const [first, ...rest] = sentences;
  if (!first) throw new Error('sayTogether needs a sentence');
  const flat = (s: Said): Said[] => {
    const { then, ...sentence } = s;
    return [sentence, ...(then ?? [])];
  };
  const after = [...(first.said.then ?? []), ...rest.flatMap((s) => flat(s.said))];
  const { then: _then, ...head } = first.said;
  return {
    message: sentences.map((s) => s.message).join(' '),
    said: after.length ? { ...head, then: after } : head,
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
  if (!said) return fallback;
  const sentences = [said, ...(said.then ?? [])].map((s) => sayOne(s, t));
  return sentences.some((s) => s === null) ? fallback : sentences.join(' ');
}

/** One sentence (or phrase) in the reader's words; null when it names a caption this build does not know. */
function sayOne(
  said: Omit<Said, 'then'>,
  t: (caption: Caption, values?: Record<string, string | number>) => string,
): string | null {
  const caption = sayable.get(said.caption);
  if (!caption) return null;
  const terms: Record<string, string> = {};
  for (const [name, key] of Object.entries(said.terms)) {
    const term = sayable.get(key);
    if (!term) return null;
    terms[name] = t(term);
  }
  for (const [name, keys] of Object.entries(said.lists ?? {})) {
    const items = keys.map((key) => sayable.get(key));
    if (items.some((item) => !item)) return null;
    terms[name] = items.map((item) => t(item!)).join(', ');
  }
  for (const [name, names] of Object.entries(said.items ?? {})) terms[name] = namesIn(names, t);
  for (const [name, phrases] of Object.entries(said.phrases ?? {})) {
    const spoken = phrases.map((phrase) => sayOne(phrase, t));
    if (spoken.some((p) => p === null)) return null;
    terms[name] = spoken.join(PHRASE_SEPARATOR);
  }
  return t(caption, { ...said.values, ...terms });
}

/** Names joined as the reader's language joins a list: "E-1, P-2 and T-3", "E-1, P-2 y T-3". */
function namesIn(
  names: readonly string[],
  t: (caption: Caption, values?: Record<string, string | number>) => string,
): string {
  if (names.length < 2) return names[0] ?? '';
  return t(listWordCaptions.and, { first: names.slice(0, -1).join(', '), last: names[names.length - 1]! });
}

// The list's joining words are said by every reader of a rule's list, whichever rule said it.
registerSayable(listWordCaptions);
