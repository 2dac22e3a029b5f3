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
import type { Db } from '../../db/schema';
import { AppError } from '../../plugins/app-error';
import { defineCommand, type CommandRun } from '../../platform';
import {
  findFacilityPrintFacts,
  findTagLegend,
  listTagLayoutRows,
  tagTypeLayoutKeys,
  upsertTagLayout,
  type TagLayoutValues,
} from './tag-layouts.repository';
import { tagLayoutsPolicy, tagLayoutTarget, type TagLayoutState } from './tag-layouts.policy';

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

/** The save's input: the layout (the route's key) and its style. */
export type TagLayoutSave = TagLayoutInput & { key: TagLayoutKey };

/**
 * Saves a layout's style (configuration, audited `tag-layouts.update` like the other configuration,
 * announced `tag-layout.changed`); the runner refuses a stale version with a 409 naming the current one.
 */
export const saveTagLayout = defineCommand({
  name: 'tag-layouts.update',
  target: tagLayoutTarget,
  policy: tagLayoutsPolicy['tag-layouts.update'],
  async apply({ trx, ctx, input, state, ...run }: CommandRun<TagLayoutSave, TagLayoutState>): Promise<TagLayout> {
    const { facilityId, userId } = ctx.actor;
    const { key, ...draft } = input;
    const checked = await checkTagLayoutInput(trx, facilityId, draft);
    const values: TagLayoutValues = {
      name: checked.name,
      bandColour: checked.bandColour,
      bandTextColour: checked.bandTextColour,
      bodyColour: checked.bodyColour,
      legendItemId: checked.legend?.ID ?? null,
      fields: checked.fields,
    };
    await upsertTagLayout(trx, { facilityId, key, userId, values });
    const { row } = state;
    const { version: _v, key: _k, ...stored } = defaultLayout(key);
    run.audit({
      action: 'tag-layouts.update',
      entityType: 'tag_layouts',
      entityId: facilityId,
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
    run.event({ name: 'tag-layout.changed', entityType: 'tag_layouts', entityId: facilityId, payload: { key } });
    const { layouts } = await listTagLayouts(trx, facilityId);
    return layouts.find((l) => l.key === key)!;
  },
});

/** Which layout a tag of each type prints on: the one its tag report link names, else the default. */
export async function layoutForTagType(db: Db, facilityId: number) {
  const links = await tagTypeLayoutKeys(db, facilityId);
  return (tagType: string): TagLayoutKey => {
    const key = links.get(`tag:${tagType}`);
    return (tagLayoutKeys as readonly string[]).includes(key ?? '') ? (key as TagLayoutKey) : DEFAULT_TAG_LAYOUT;
  };
}
