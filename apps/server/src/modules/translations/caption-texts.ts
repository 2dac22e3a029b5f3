import type { Caption } from '@hasp/contracts';
import type { Db } from '../../db/schema';

type Values = Record<string, string | number>;
/** A caption's text in one reader's language, its `{{name}}` placeholders filled. */
export type CaptionText = (caption: Caption, values?: Values) => string;

const PLACEHOLDER = /\{\{\s*([^{}\s]+)\s*\}\}/g;
const keyOf = (c: { itemType: string; formName: string; controlName: string }) =>
  `${c.itemType}|${c.formName}|${c.controlName}`;

/** Fills `{{name}}` placeholders as the web app's lib/i18n.ts does (one pass: a value is never read as a placeholder). */
export function fillCaption(text: string, values: Values = {}): string {
  return text.replace(PLACEHOLDER, (placeholder, name: string) =>
    Object.hasOwn(values, name) ? String(values[name]) : placeholder,
  );
}

/**
 * What the server writes for people to read later (an inbox notification) is written in each
 * reader's language: their preferred language (profile), else the facility's default language,
 * then the preferred caption in it (translations screen, shipped Spanish), else the default
 * caption. Returns each user's caption function; a user not found reads the defaults.
 */
export async function captionTextsForUsers(
  db: Db,
  facilityId: number,
  userIds: readonly number[],
  captions: readonly Caption[],
): Promise<Map<number, CaptionText>> {
  const defaults: CaptionText = (caption, values) => fillCaption(caption.defaultCaption, values);
  const result = new Map<number, CaptionText>(userIds.map((id) => [id, defaults]));
  if (!userIds.length || !captions.length) return result;
  const readers = await db
    .selectFrom('users as u')
    .leftJoin('facilities as f', (join) => join.on('f.id', '=', facilityId))
    .select(['u.id', (eb) => eb.fn.coalesce('u.language_id', 'f.default_language_id').as('language_id')])
    .where('u.id', 'in', [...userIds])
    .execute();
  const languageIds = [...new Set(readers.map((r) => r.language_id).filter((id): id is number => id !== null))];
  const byLanguage = await textsByLanguage(db, languageIds, captions);
  for (const reader of readers) {
    const texts = reader.language_id === null ? undefined : byLanguage.get(reader.language_id);
    if (texts) result.set(reader.id, textsOf(texts));
  }
  return result;
}

const textsOf =
  (texts: ReadonlyMap<string, string>): CaptionText =>
  (caption, values) =>
    fillCaption(texts.get(keyOf(caption)) ?? caption.defaultCaption, values);

/**
 * What is printed to hang in the plant (a tag, a lockbox label) is read by anyone there: it is
 * written in the facility's default language (its preferred captions), else the default captions.
 */
export async function captionTextsForFacility(
  db: Db,
  facilityId: number,
  captions: readonly Caption[],
): Promise<CaptionText> {
  const facility = await db
    .selectFrom('facilities')
    .select('default_language_id')
    .where('id', '=', facilityId)
    .executeTakeFirst();
  const languageId = facility?.default_language_id ?? null;
  const texts = languageId === null ? undefined : (await textsByLanguage(db, [languageId], captions)).get(languageId);
  return textsOf(texts ?? new Map());
}

/** The preferred captions of `captions` in each language, by caption key. */
async function textsByLanguage(
  db: Db,
  languageIds: readonly number[],
  captions: readonly Caption[],
): Promise<Map<number, Map<string, string>>> {
  const byLanguage = new Map<number, Map<string, string>>();
  if (!languageIds.length || !captions.length) return byLanguage;
  const wanted = new Set(captions.map(keyOf));
  const rows = await db
    .selectFrom('caption_translations as t')
    .innerJoin('captions as c', 'c.id', 't.caption_id')
    .select(['t.language_id', 'c.item_type', 'c.form_name', 'c.control_name', 't.preferred_caption'])
    .where('t.language_id', 'in', [...languageIds])
    .where('c.form_name', 'in', [...new Set(captions.map((c) => c.formName))])
    .execute();
  for (const row of rows) {
    const key = keyOf({ itemType: row.item_type, formName: row.form_name, controlName: row.control_name });
    if (!wanted.has(key)) continue;
    let texts = byLanguage.get(row.language_id);
    if (!texts) byLanguage.set(row.language_id, (texts = new Map<string, string>()));
    texts.set(key, row.preferred_caption);
  }
  return byLanguage;
}
