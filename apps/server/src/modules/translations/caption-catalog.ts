import { sql, type Kysely } from 'kysely';
import * as contracts from '@hasp/contracts';
import type { Caption } from '@hasp/contracts';
import type { Database } from '../../db/schema';
import { spanishTranslations } from './spanish';

function isCaption(value: unknown): value is Caption {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.itemType === 'string' &&
    typeof v.formName === 'string' &&
    typeof v.controlName === 'string' &&
    typeof v.defaultCaption === 'string'
  );
}

/**
 * Every caption of the web app: the catalogs the contracts package exports (objects whose values
 * are all captions). The app's screens use the same catalogs, so this list is what the app shows.
 */
export function appCaptions(): Caption[] {
  const captions: Caption[] = [];
  for (const value of Object.values(contracts)) {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) continue;
    const entries = Object.values(value as Record<string, unknown>);
    if (entries.length > 0 && entries.every(isCaption)) captions.push(...entries);
  }
  return captions;
}

/**
 * Registers captions in a connection: new ones are added, a changed default text is updated, and the
 * shipped translations (Spanish) fill in only where nobody has saved their own. The app's captions
 * and the stored content shown as captions (stored-captions.ts) both come through here.
 */
export async function registerCaptions(
  db: Kysely<Database>,
  captions: readonly Caption[],
  shipped: readonly { caption: Caption; text: string }[],
): Promise<{ captions: number; translations: number }> {
  if (!captions.length) return { captions: 0, translations: 0 };
  await db
    .insertInto('captions')
    .values(
      captions.map((c) => ({
        item_type: c.itemType,
        form_name: c.formName,
        control_name: c.controlName,
        default_caption: c.defaultCaption,
      })),
    )
    .onConflict((oc) =>
      oc
        .columns(['item_type', 'form_name', 'control_name'])
        .doUpdateSet({ default_caption: (eb) => eb.ref('excluded.default_caption') })
        .where(sql<boolean>`captions.default_caption is distinct from excluded.default_caption`),
    )
    .execute();

  const spanish = await db.selectFrom('languages').select('id').where('code', '=', 'es').executeTakeFirst();
  if (!spanish || !shipped.length) return { captions: captions.length, translations: 0 };
  // Only the forms being registered: the stored content's few captions need not read the whole table.
  const forms = [...new Set(shipped.map((s) => s.caption.formName))];
  const ids = await db
    .selectFrom('captions')
    .select(['id', 'item_type', 'form_name', 'control_name'])
    .where('form_name', 'in', forms)
    .execute();
  const idOf = new Map(ids.map((r) => [`${r.item_type}|${r.form_name}|${r.control_name}`, r.id]));
  const rows = shipped.flatMap(({ caption, text }) => {
    const id = idOf.get(`${caption.itemType}|${caption.formName}|${caption.controlName}`);
    return id === undefined ? [] : [{ caption_id: id, language_id: spanish.id, preferred_caption: text }];
  });
  if (rows.length) {
    await db
      .insertInto('caption_translations')
      .values(rows)
      .onConflict((oc) => oc.columns(['caption_id', 'language_id']).doNothing())
      .execute();
  }
  return { captions: captions.length, translations: rows.length };
}

/** The app's captions (every caption catalog contracts exports) and the translations Hasp ships, at startup. */
export const registerAppCaptions = (db: Kysely<Database>) => registerCaptions(db, appCaptions(), spanishTranslations);
