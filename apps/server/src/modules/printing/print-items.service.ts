import {
  captionsOf,
  PRINT_PERMIT_PDF_LIMIT,
  lockboxLabelCaptions,
  printItemKinds,
  type MarkPrintedResult,
  type PrintItemKind,
  type PrintListItem,
} from '@hasp/contracts';
import type { Db } from '../../db/schema';
import { AppError } from '../../plugins/app-error';
import { runCommand, type EventBus, type RequestContext } from '../../platform';
import { drawPermit, newPermitDocument, permitPdfCaptions, permitStatusUrl, readPermitPrint } from '../permit-pdf';
import { captionTextsForFacility, captionTextsForUsers } from '../translations';
import { listTagPrintRows, tagPrintStamp } from '../tags';
import { findFacilityUserById } from '../users';
import { renderLockboxLabels } from './lockbox-label-pdf';
import { listQueuedLocks } from './lock-label-prints.repository';
import { lockLabelsPdf } from './lock-label-prints.service';
import { listQueuedTags } from './print-list.repository';
import { markTagsPrinted, reprintCommandOf, tagPdf } from './print-list.service';
import { checkStamps, refuseChangedStamps } from './print-stamps';
import { printRecordCommands } from './print-record-commands';
import {
  currentStamps,
  listLockboxLabelRows,
  listQueuedLockboxes,
  listQueuedPermits,
  viewablePermitIds,
  type PrintListFilter,
} from './print-records.repository';

/**
 * The print list's kinds side by side (decision 0074): each kind's source, PDF, mark-printed and
 * reprint. Tags keep their own commands (decision 0071); permits and lockbox labels go through the
 * print record commands.
 */
const sources: Record<
  PrintItemKind,
  (db: Db, facilityId: number, filter: PrintListFilter & { managesLocks: boolean }) => Promise<PrintListItem[]>
> = {
  tag: async (db, facilityId, filter) => {
    const tags = await listQueuedTags(db, facilityId, filter);
    const prints = await listTagPrintRows(
      db,
      facilityId,
      tags.map((t) => t.ID),
    );
    const stamps = new Map(prints.map((row) => [row.id, tagPrintStamp(row)]));
    return tags.map((t) => ({ ...t, detail: null, printedBy: null, stamp: stamps.get(t.ID)! }));
  },
  permit: listQueuedPermits,
  lockbox: listQueuedLockboxes,
  // A lock label is of no permit nor area: a permit or area filter leaves it out, as it does a
  // caller who does not manage locks (the locks policy's, decision 0115).
  lock: async (db, facilityId, filter) =>
    filter.managesLocks && filter.permitId === undefined && filter.areaId === undefined
      ? listQueuedLocks(db, facilityId, filter.queue)
      : [],
};

/** The queue of one kind, or of every kind (tags, then permits, lockbox labels, lock labels). */
export async function listPrintItems(
  db: Db,
  facilityId: number,
  filter: PrintListFilter & { kind?: PrintItemKind; managesLocks: boolean },
): Promise<PrintListItem[]> {
  const kinds = filter.kind ? [filter.kind] : printItemKinds;
  const lists = [];
  for (const kind of kinds) lists.push(await sources[kind](db, facilityId, filter));
  return lists.flat();
}

export interface PrintRequest {
  ctx: RequestContext;
  permissions: ReadonlySet<string>;
  typeCodes: readonly string[];
  origin: string;
}

/**
 * With the print list's stamps, the permits or labels must still be what the list showed (409
 * naming those that changed): the PDF then shows what "Mark printed" will record with the same stamps.
 * Tags are checked on the very rows their PDF is drawn from (tagPdf).
 */
async function refuseChanged(
  db: Db,
  facilityId: number,
  kind: 'permit' | 'lockbox',
  ids: readonly number[],
  stamps: readonly string[],
): Promise<void> {
  refuseChangedStamps(ids, stamps, await currentStamps(db, facilityId, kind, ids));
}

/** The chosen items of one kind as one PDF (a readable stream or the bytes), in the order asked. */
export async function printItemsPdf(
  request: PrintRequest,
  kind: PrintItemKind,
  ids: readonly number[],
  stamps?: readonly string[],
): Promise<NodeJS.ReadableStream | Buffer> {
  const { ctx, typeCodes, origin } = request;
  const db = ctx.connection.db;
  const facilityId = ctx.actor.facilityId;
  checkStamps(ids, stamps);
  if (kind === 'lock') return lockLabelsPdf(db, { facilityId, permissions: request.permissions, ids, stamps });
  if (kind === 'tag') return tagPdf(db, facilityId, { tagIds: ids, typeCodes, origin, now: ctx.now, stamps });
  if (stamps) await refuseChanged(db, facilityId, kind, ids, stamps);
  if (kind === 'permit') {
    if (ids.length > PRINT_PERMIT_PDF_LIMIT)
      throw AppError.validation([
        {
          field: 'ids',
          message: `Choose at most ${PRINT_PERMIT_PDF_LIMIT} permits for one PDF; print the rest in another.`,
        },
      ]);
    return permitsPdf(request, ids);
  }
  const rows = await listLockboxLabelRows(db, facilityId, ids, typeCodes);
  const byId = new Map(rows.map((r) => [r.id, r]));
  notFound('Lockbox', ids, byId);
  // The label hangs on the box in the plant: in the facility's language, like a tag.
  const text = await captionTextsForFacility(db, facilityId, captionsOf(lockboxLabelCaptions));
  const labels = ids.map((id) => {
    const row = byId.get(id)!;
    return { ...row, permitUrl: permitStatusUrl(origin, row.permitId) };
  });
  return renderLockboxLabels(labels, text);
}

function notFound(noun: string, ids: readonly number[], found: { has(id: number): boolean }) {
  const missing = ids.filter((id) => !found.has(id));
  if (missing.length) throw new AppError('NOT_FOUND', 404, `${noun} not found: ${missing.slice(0, 20).join(', ')}`);
}

/**
 * The permits' job-site copies in one document, each drawn by permit-pdf exactly as its own PDF
 * (same readers, same words in the reader's language, footers counting each permit's own pages).
 */
async function permitsPdf(request: PrintRequest, ids: readonly number[]): Promise<Buffer> {
  const { ctx, permissions, typeCodes, origin } = request;
  const db = ctx.connection.db;
  const { facilityId, userId } = ctx.actor;
  notFound('Permit', ids, await viewablePermitIds(db, facilityId, ids, typeCodes));
  const [texts, user] = await Promise.all([
    captionTextsForUsers(db, facilityId, [userId], permitPdfCaptions),
    findFacilityUserById(db, { facilityId }, userId),
  ]);
  const doc = newPermitDocument(`Hasp permits ${ctx.now.toISOString().slice(0, 10)}`);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });
  const viewer = { actor: ctx.actor, permissions, now: ctx.now };
  for (const id of ids) {
    const print = await readPermitPrint(db, viewer, id);
    if (!print) throw AppError.notFound('Permit');
    await drawPermit(doc, print, {
      statusUrl: permitStatusUrl(origin, id),
      text: texts.get(userId)!,
      printedBy: user?.displayName ?? '',
      printedAt: ctx.now,
    });
  }
  doc.end();
  await ended;
  return Buffer.concat(chunks);
}

/**
 * Marks the items printed, each through its own command (its own transaction, version, policy and
 * audit row): one refused (a permit closed meanwhile) does not undo the rest.
 */
export async function markItemsPrinted(
  events: EventBus,
  ctx: RequestContext,
  kind: PrintItemKind,
  ids: readonly number[],
  stamps: readonly string[],
): Promise<MarkPrintedResult> {
  checkStamps(ids, stamps);
  if (kind === 'tag') return markTagsPrinted(events, ctx, ids, stamps);
  const command = printRecordCommands[kind].markPrinted;
  const result: MarkPrintedResult = { printed: [], refused: [] };
  for (const [i, id] of ids.entries()) {
    try {
      await runCommand(events, ctx, command, { name: command.name, targetId: id, input: { id, stamp: stamps[i]! } });
      result.printed.push(id);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      result.refused.push({ ID: id, message: error.message });
    }
  }
  return result;
}

/** What the reprint route sends: the tag's `tag.reprint`, or the kind's print record reprint. */
export async function reprintCommandFor(
  ctx: RequestContext,
  input: { kind: PrintItemKind; id: number; reason: string },
) {
  if (input.kind === 'tag') {
    return { kind: 'tag' as const, ...(await reprintCommandOf(ctx, { tagId: input.id, reason: input.reason })) };
  }
  return {
    kind: input.kind,
    command: printRecordCommands[input.kind].reprint,
    targetId: input.id,
    input: { id: input.id, reason: input.reason },
  };
}

/** How many times the tag was printed again (the reprint's answer; the tag's view does not carry it). */
export async function tagReprintCount(db: Db, facilityId: number, tagId: number): Promise<number> {
  const row = await db
    .selectFrom('tags')
    .select('reprint_count')
    .where('facility_id', '=', facilityId)
    .where('id', '=', tagId)
    .executeTakeFirstOrThrow();
  return row.reprint_count;
}
