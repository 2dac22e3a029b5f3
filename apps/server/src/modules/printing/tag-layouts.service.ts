import type { Kysely } from 'kysely';
import {
  DEFAULT_TAG_LAYOUT,
  printLayoutCaptions,
  tagLayoutFields,
  tagLayoutKeys,
  type TagLayout,
  type TagLayoutInput,
  type TagLayoutKey,
  type TagLayoutList,
} from '@hasp/contracts';
import type { Database } from '../../db/schema';
import { AppError } from '../../plugins/app-error';
import type { Actor } from '../../platform';
import { recordAudit } from '../audit';
import {
  findFacilityPrintFacts,
  findTagLegend,
  listTagLayoutRows,
  lockTagLayoutRow,
  tagTypeLayoutKeys,
  upsertTagLayout,
  type TagLayoutValues,
} from './tag-layouts.repository';

type Db = Kysely<Database>;
type Caller = Pick<Actor, 'facilityId' | 'userId'>;

/**
 * How a layout prints until the facility styles it: the ANSI Z535 danger colours (white on red
 * band, white body) and every field.
 */
const defaultLayout = (key: TagLayoutKey): TagLayout => ({
  key,
  name: printLayoutCaptions[key].defaultCaption,
  bandColour: '#B91C1C',
  bandTextColour: '#FFFFFF',
  bodyColour: '#FFFFFF',
  legend: null,
  fields: [...tagLayoutFields],
  version: 0,
});

/** The facility's tag layouts, each styled or in the default style, in catalogue order. */
export async function listTagLayouts(db: Db, facilityId: number): Promise<TagLayoutList> {
  const [rows, facility] = await Promise.all([
    listTagLayoutRows(db, facilityId),
    findFacilityPrintFacts(db, facilityId),
  ]);
  const layouts = tagLayoutKeys.map((key): TagLayout => {
    const row = rows.find((r) => r.layoutKey === key);
    if (!row) return defaultLayout(key);
    return {
      key,
      name: row.name,
      bandColour: row.bandColour,
      bandTextColour: row.bandTextColour,
      bodyColour: row.bodyColour,
      legend: row.legendItemId === null ? null : { ID: row.legendItemId, value: row.legendValue ?? '' },
      fields: tagLayoutFields.filter((f) => row.fields.includes(f)),
      version: row.version,
    };
  });
  return { layouts, hasLogo: facility.logo !== null };
}

/** Checks a draft (the legend must be an active tag legend of the facility) and gives the values to store. */
export async function checkTagLayoutInput(db: Db, facilityId: number, input: TagLayoutInput): Promise<TagLayout> {
  const legend = input.legendItemId === null ? undefined : await findTagLegend(db, facilityId, input.legendItemId);
  if (input.legendItemId !== null && !legend) {
    throw AppError.validation([{ field: 'legendItemId', message: 'Choose an active legend of the Tag legends list.' }]);
  }
  return {
    key: DEFAULT_TAG_LAYOUT,
    name: input.name,
    bandColour: input.bandColour.toUpperCase(),
    bandTextColour: input.bandTextColour.toUpperCase(),
    bodyColour: input.bodyColour.toUpperCase(),
    legend: legend ? { ID: legend.id, value: legend.value } : null,
    // In the catalogue's order, each once.
    fields: tagLayoutFields.filter((f) => input.fields.includes(f)),
    version: 0,
  };
}

/**
 * Saves a layout's style (configuration, audited `tag-layouts.update` like the other configuration)
 * when the caller saw its current version; a stale version is a 409 naming the current one.
 */
export async function saveTagLayout(
  db: Db,
  caller: Caller,
  key: TagLayoutKey,
  input: TagLayoutInput,
  expectedVersion: number | null,
): Promise<TagLayout> {
  const checked = await checkTagLayoutInput(db, caller.facilityId, input);
  const values: TagLayoutValues = {
    name: checked.name,
    bandColour: checked.bandColour,
    bandTextColour: checked.bandTextColour,
    bodyColour: checked.bodyColour,
    legendItemId: checked.legend?.ID ?? null,
    fields: checked.fields,
  };
  await db.transaction().execute(async (trx) => {
    const row = await lockTagLayoutRow(trx, caller.facilityId, key);
    const current = row?.version ?? 0;
    if (expectedVersion !== null && expectedVersion !== current) {
      throw new AppError(
        'CONFLICT',
        409,
        `Someone changed this layout first (it is now at version ${current}). Reload it and try again.`,
        [{ field: 'version', message: String(current) }],
      );
    }
    await upsertTagLayout(trx, { facilityId: caller.facilityId, key, userId: caller.userId, values });
    const { version: _v, key: _k, ...stored } = defaultLayout(key);
    await recordAudit(trx, {
      userId: caller.userId,
      facilityId: caller.facilityId,
      action: 'tag-layouts.update',
      entityType: 'tag_layouts',
      entityId: caller.facilityId,
      before: row
        ? {
            key,
            name: row.name,
            bandColour: row.band_colour,
            bandTextColour: row.band_text_colour,
            bodyColour: row.body_colour,
            legendItemId: row.legend_item_id,
            fields: row.fields,
          }
        : { key, ...stored, legendItemId: null },
      after: { key, ...values },
    });
  });
  const { layouts } = await listTagLayouts(db, caller.facilityId);
  return layouts.find((l) => l.key === key)!;
}

/** Which layout a tag of each type prints on: the one its tag report link names, else the default. */
export async function layoutForTagType(db: Db, facilityId: number) {
  const links = await tagTypeLayoutKeys(db, facilityId);
  return (tagType: string): TagLayoutKey => {
    const key = links.get(`tag:${tagType}`);
    return (tagLayoutKeys as readonly string[]).includes(key ?? '') ? (key as TagLayoutKey) : DEFAULT_TAG_LAYOUT;
  };
}
