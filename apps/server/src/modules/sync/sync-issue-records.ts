import type { Transaction } from 'kysely';
import { offlineSupervisePermission, syncChangeCaptions, type ApiError } from '@hasp/contracts';
import type { Database } from '../../db/schema';
import type { AuditWriter, RequestContext } from '../../platform';
import { deliverNotice, type NoticeChannels } from '../notification-templates';
import { insertNotification } from '../notifications';
import { listPermitApprovers } from '../permits';
import { insertRecord, type NewSyncRow, type SyncRow } from './sync.repository';

/** Where a notice of an offline problem leads (the web's list of conflicts and rejections). */
export const syncIssueLink = (serverSeq: number) => `/offline/sync-issues/${serverSeq}`;

/**
 * Records a conflict or a rejection with its audit row (device time and sync time beside the
 * server's), and tells the user and the facility's supervisors (`offline:supervise`) in their inbox (a conflict by its template, e-mail too)
 * (a refused change is never silently dropped). Undefined when a concurrent push recorded this seq
 * first. Call it in `recordApart`: the command it records rolled back, and this record must stay.
 */
export async function recordIssue(
  trx: Transaction<Database>,
  audit: AuditWriter,
  ctx: RequestContext,
  row: NewSyncRow & { outcome: 'conflict' | 'rejected' },
  error: ApiError,
  /** How this server sends a conflict's notice (e-mail with a relay, decision 0080); rejections are in-app only. */
  channels: NoticeChannels = { email: false, publicUrl: '' },
): Promise<SyncRow | undefined> {
  const recorded = await insertRecord(trx, { ...row, error: JSON.stringify(error) });
  if (!recorded) return undefined;
  const serverSeq = Number(recorded.server_seq);
  await audit({
    userId: row.user_id,
    facilityId: row.facility_id,
    action: `sync.${row.outcome}`,
    entityType: 'sync_command',
    entityId: serverSeq,
    before: null,
    after: {
      name: row.name,
      target: row.target,
      permitId: row.permit_id ?? null,
      baseVersion: row.base_version ?? null,
      serverVersion: row.server_version ?? null,
      error,
    },
    reason: error.message,
    address: ctx.address || null,
    deviceId: row.device_id,
    requestId: ctx.requestId,
    deviceTime: row.device_time,
    syncTime: row.synced_at,
    at: ctx.now,
  });
  const supervisors = () => listPermitApprovers(trx, row.facility_id, offlineSupervisePermission);
  // The change in words, as its maker reads it in the app (never the command's internal name).
  const change = Object.hasOwn(syncChangeCaptions, row.name)
    ? syncChangeCaptions[row.name as keyof typeof syncChangeCaptions].defaultCaption
    : row.name;
  if (row.outcome === 'conflict') {
    // The template event `sync.conflict` (safety-critical): by default the user and the supervisors, in-app and by e-mail.
    await deliverNotice(
      trx,
      {
        event: 'sync.conflict',
        source: `sync:${serverSeq}`,
        at: ctx.now,
        facilityId: row.facility_id,
        actorId: null,
        permitId: row.permit_id ?? null,
        people: { subject: [row.user_id], approvers: supervisors },
        values: { title: change, details: error.message },
        link: syncIssueLink(serverSeq),
      },
      channels,
    );
    return recorded;
  }
  const title = `An offline change was rejected: ${change}`;
  for (const userId of new Set([row.user_id, ...(await supervisors())])) {
    await insertNotification(
      trx,
      { userId, facilityId: row.facility_id },
      { title, body: error.message, link: syncIssueLink(serverSeq) },
    );
  }
  return recorded;
}
