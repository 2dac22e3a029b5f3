import {
  captionsOf,
  tagPrintCaptions,
  tagStatusPath,
  type MarkPrintedResult,
  type TagLayout,
  type TagLayoutKey,
} from '@hasp/contracts';
import type { Db } from '../../db/schema';
import { AppError } from '../../plugins/app-error';
import { runCommand, type EventBus, type RequestContext } from '../../platform';
import { captionTextsForFacility } from '../translations';
import {
  listTagPrintRows,
  tagCommandDefinitions,
  tagPrintStamp,
  type ReprintTagInput,
  type TagPrintRow,
} from '../tags';
import { findFacilityPrintFacts, firstTagLegend } from './tag-layouts.repository';
import { printableLogo } from './print-logo';
import { layoutForTagType, listTagLayouts } from './tag-layouts.service';
import { refuseChangedStamps } from './print-stamps';
import { renderTagPdf, type PrintableTag } from './tag-pdf';

/** The permit type codes whose permits (and so tags) the caller may see: permit:view:<CODE>. */
export const viewableTypeCodes = (permissions: ReadonlySet<string>) =>
  [...permissions].filter((p) => p.startsWith('permit:view:')).map((p) => p.slice('permit:view:'.length));

/** A time as the facility reads it: YYYY-MM-DD HH:mm (24 h) in its time zone, the tag's place. */
const timeIn = (timeZone: string, at: Date) =>
  new Intl.DateTimeFormat('sv-SE', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(at);

/** What the PDF needs of the facility once: its layouts by key, logo and time zone, and the default legend. */
async function printContext(db: Db, facilityId: number) {
  const [{ layouts }, facility, legend, layoutOf, text] = await Promise.all([
    listTagLayouts(db, facilityId),
    findFacilityPrintFacts(db, facilityId),
    firstTagLegend(db, facilityId),
    layoutForTagType(db, facilityId),
    captionTextsForFacility(db, facilityId, captionsOf(tagPrintCaptions)),
  ]);
  return {
    layouts: new Map<TagLayoutKey, TagLayout>(layouts.map((l) => [l.key, l])),
    logo: await printableLogo(facility.logo, facility.logo_type),
    timeZone: facility.time_zone,
    defaultLegend: legend?.value ?? 'DANGER — DO NOT OPERATE',
    layoutOf,
    text,
  };
}

/**
 * The chosen tags as one PDF, in the order asked, each on its tag type's layout. A tag that is not
 * the facility's, or on a permit whose type the caller may not view, is a 404 naming its ID. With
 * the print list's stamps, a tag that prints otherwise now is a 409 naming it: checked on the rows
 * the PDF is drawn from, so the paper is what "Mark printed" records with the same stamps.
 */
export async function tagPdf(
  db: Db,
  facilityId: number,
  request: {
    tagIds: readonly number[];
    typeCodes: readonly string[];
    origin: string;
    now: Date;
    stamps?: readonly string[];
  },
) {
  const rows = await listTagPrintRows(db, facilityId, request.tagIds, request.typeCodes);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const missing = request.tagIds.filter((id) => !byId.has(id));
  if (missing.length) throw new AppError('NOT_FOUND', 404, `Tag not found: ${missing.slice(0, 20).join(', ')}`);
  if (request.stamps) {
    const current = new Map(rows.map((r) => [r.id, tagPrintStamp(r)]));
    refuseChangedStamps(request.tagIds, request.stamps, current);
  }
  const print = await printContext(db, facilityId);
  const tags = request.tagIds.map((id): PrintableTag => {
    const row = byId.get(id)!;
    const layoutKey = print.layoutOf(row.lockTag ? 'lock-tag' : 'isolation-point-tag');
    return printable(row, print.layouts.get(layoutKey)!, {
      legend: print.defaultLegend,
      at: (time: Date) => timeIn(print.timeZone, time),
      origin: request.origin,
    });
  });
  return renderTagPdf(tags, { layouts: print.layouts, logo: print.logo, text: print.text });
}

function printable(
  row: TagPrintRow,
  layout: TagLayout,
  facts: { legend: string; at: (time: Date) => string; origin: string },
): PrintableTag {
  return {
    number: row.number,
    // The tag's own legend; else its layout's; else the list's first.
    legend: row.legend ?? layout.legend?.value ?? facts.legend,
    point: row.point,
    permitNumber: row.permitNumber,
    applier: row.applier,
    applierDepartment: row.applierDepartment,
    applierContact: row.applierContact,
    applied: row.applied,
    appliedAt: row.appliedAt && facts.at(row.appliedAt),
    expectedEnd: facts.at(row.plannedEnd),
    reason: row.reason,
    statusUrl: row.revoked ? null : `${facts.origin}${tagStatusPath(row.token)}`,
    layoutKey: layout.key,
  };
}

/** Print Settings' preview: a sample tag on a draft layout (not stored), as the printer would get it. */
export async function previewPdf(
  db: Db,
  facilityId: number,
  draft: { layout: TagLayout; key: TagLayoutKey; applier: string; origin: string; now: Date },
) {
  const print = await printContext(db, facilityId);
  const layout = { ...draft.layout, key: draft.key };
  const sample: PrintableTag = {
    number: 'T-0000-00001',
    legend: layout.legend?.value ?? print.defaultLegend,
    point: 'E-101 — Main disconnect, motor control centre 1',
    permitNumber: 'LOTO-0000-0001',
    applier: draft.applier,
    applierDepartment: 'Maintenance — Crew B',
    applierContact: 'Radio ch. 4 / +1 555 0100',
    applied: true,
    appliedAt: timeIn(print.timeZone, draft.now),
    expectedEnd: timeIn(print.timeZone, new Date(draft.now.getTime() + 8 * 3_600_000)),
    reason: 'Conveyor belt replacement: isolate the drive before work',
    statusUrl: `${draft.origin}${tagStatusPath('sample')}`,
    layoutKey: draft.key,
  };
  return renderTagPdf([sample], { layouts: new Map([[draft.key, layout]]), logo: print.logo, text: print.text });
}

/**
 * Marks the tags Printed, each through its own `tag.mark-printed` command (its own transaction,
 * version, policy and audit row): one refused (applied or voided meanwhile, or changed since its
 * PDF was drawn from `stamps`) does not undo the rest.
 */
export async function markTagsPrinted(
  events: EventBus,
  ctx: RequestContext,
  tagIds: readonly number[],
  stamps: readonly string[],
): Promise<MarkPrintedResult> {
  const permits = await permitsOfTags(ctx.connection.db, ctx.actor.facilityId, tagIds);
  const result: MarkPrintedResult = { printed: [], refused: [] };
  const command = tagCommandDefinitions['mark-printed'];
  for (const [i, tagId] of tagIds.entries()) {
    const permitId = permits.get(tagId);
    if (permitId === undefined) {
      result.refused.push({ ID: tagId, message: 'Tag not found' });
      continue;
    }
    try {
      const input = { tagId, permitId, stamp: stamps[i]! };
      await runCommand(events, ctx, command, { name: command.name, targetId: tagId, input });
      result.printed.push(tagId);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      result.refused.push({ ID: tagId, message: error.message });
    }
  }
  return result;
}

/**
 * The `tag.reprint` command for a printed tag of this facility (audited with the reason). The route
 * sends it with `sendCommand`, so the client's Idempotency-Key and If-Match count: a retried or
 * doubled request is one reprint and one audit row.
 */
export async function reprintCommandOf(
  ctx: RequestContext,
  input: { tagId: number; reason: string },
): Promise<{ targetId: number; input: ReprintTagInput }> {
  const permits = await permitsOfTags(ctx.connection.db, ctx.actor.facilityId, [input.tagId]);
  const permitId = permits.get(input.tagId);
  if (permitId === undefined) throw AppError.notFound('Tag');
  return { targetId: input.tagId, input: { ...input, permitId } };
}

async function permitsOfTags(db: Db, facilityId: number, tagIds: readonly number[]) {
  const rows = await db
    .selectFrom('tags')
    .select(['id', 'permit_id'])
    .where('facility_id', '=', facilityId)
    .where('id', 'in', [...tagIds])
    .execute();
  return new Map(rows.map((r) => [r.id, r.permit_id]));
}
