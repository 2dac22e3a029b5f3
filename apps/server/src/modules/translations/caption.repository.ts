import { sql } from 'kysely';
import type { CaptionResources, Language, TranslationRow } from '@hasp/contracts';
import type { Db } from '../../db/schema';

export async function listLanguages(db: Db): Promise<Language[]> {
  const rows = await db
    .selectFrom('languages')
    .select(['id', 'name', 'code'])
    .orderBy('is_default', 'desc')
    .orderBy('name')
    .execute();
  return rows.map((r) => ({ ID: r.id, name: r.name, code: r.code }));
}

export function findLanguageByCode(db: Db, code: string) {
  return db.selectFrom('languages').select(['id', 'code']).where('code', '=', code).executeTakeFirst();
}

export function findLanguageById(db: Db, id: number) {
  return db.selectFrom('languages').select(['id', 'code']).where('id', '=', id).executeTakeFirst();
}

/** Every caption with its text in the language (preferred, else default), nested for i18next. */
export async function findCaptionResources(db: Db, languageId: number): Promise<CaptionResources> {
  const rows = await db
    .selectFrom('captions as c')
    .leftJoin('caption_translations as t', (join) =>
      join.onRef('t.caption_id', '=', 'c.id').on('t.language_id', '=', languageId),
    )
    .select(['c.item_type', 'c.form_name', 'c.control_name', 'c.default_caption', 't.preferred_caption'])
    .execute();
  const resources: CaptionResources = {};
  for (const r of rows) {
    const forms = (resources[r.item_type] ??= {});
    const controls = (forms[r.form_name] ??= {});
    controls[r.control_name] = r.preferred_caption ?? r.default_caption;
  }
  return resources;
}

/** Adds captions the app registers; existing ones (and their defaults) are left as they are. */
export async function insertMissingCaptions(
  db: Db,
  captions: { itemType: string; formName: string; controlName: string; defaultCaption: string }[],
): Promise<number> {
  if (!captions.length) return 0;
  const result = await db
    .insertInto('captions')
    .values(
      captions.map((c) => ({
        item_type: c.itemType,
        form_name: c.formName,
        control_name: c.controlName,
        default_caption: c.defaultCaption,
      })),
    )
    .onConflict((oc) => oc.columns(['item_type', 'form_name', 'control_name']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0);
}

const rowQuery = (db: Db, languageId: number) =>
  db
    .selectFrom('captions as c')
    .leftJoin('caption_translations as t', (join) =>
      join.onRef('t.caption_id', '=', 'c.id').on('t.language_id', '=', languageId),
    )
    .select(['c.id', 'c.item_type', 'c.form_name', 'c.control_name', 'c.default_caption', 't.preferred_caption'])
    .orderBy('c.item_type')
    .orderBy('c.form_name')
    .orderBy('c.control_name');

const toRow = (r: {
  id: number;
  item_type: string;
  form_name: string;
  control_name: string;
  default_caption: string;
  preferred_caption: string | null;
}): TranslationRow => ({
  captionID: r.id,
  itemType: r.item_type,
  formName: r.form_name,
  controlName: r.control_name,
  defaultCaption: r.default_caption,
  preferredCaption: r.preferred_caption,
});

export async function listTranslationRows(db: Db, languageId: number): Promise<TranslationRow[]> {
  return (await rowQuery(db, languageId).execute()).map(toRow);
}

/** The caption's row in the language, locking the caption until the transaction ends; undefined when unknown. */
export async function findTranslationRowForUpdate(
  db: Db,
  captionId: number,
  languageId: number,
): Promise<TranslationRow | undefined> {
  const locked = await db
    .selectFrom('captions')
    .select('id')
    .where('id', '=', captionId)
    .forUpdate()
    .executeTakeFirst();
  if (!locked) return undefined;
  return toRow(await rowQuery(db, languageId).where('c.id', '=', captionId).executeTakeFirstOrThrow());
}

/** Sets (or, with null, removes) the preferred caption; returns the row, or undefined for an unknown caption. */
export async function saveTranslation(
  db: Db,
  captionId: number,
  languageId: number,
  preferredCaption: string | null,
  userId: number,
): Promise<TranslationRow | undefined> {
  const exists = await db.selectFrom('captions').select('id').where('id', '=', captionId).executeTakeFirst();
  if (!exists) return undefined;
  if (preferredCaption === null || preferredCaption.trim() === '') {
    await db
      .deleteFrom('caption_translations')
      .where('caption_id', '=', captionId)
      .where('language_id', '=', languageId)
      .execute();
  } else {
    await db
      .insertInto('caption_translations')
      .values({
        caption_id: captionId,
        language_id: languageId,
        preferred_caption: preferredCaption,
        updated_by: userId,
      })
      .onConflict((oc) =>
        oc
          .columns(['caption_id', 'language_id'])
          .doUpdateSet({ preferred_caption: preferredCaption, updated_by: userId, updated_at: sql`now()` }),
      )
      .execute();
  }
  const row = await rowQuery(db, languageId).where('c.id', '=', captionId).executeTakeFirstOrThrow();
  return toRow(row);
}
