import type { Transaction } from 'kysely';
import { REJECTION_REASONS_LIST, rejectionNoteRequired } from '@hasp/contracts';
import type { Database } from '../../db/schema';
import { itemCaptionSql } from '../master-lists';
import { AppError } from '../../plugins/app-error';
import type { PermitChange } from './permit.repository';

/** A rejection's reason as the facility's "Rejection reasons" list holds it. */
interface RejectionReason {
  id: number;
  value: string;
  caption: string;
}

/**
 * The reason picked, checked against the facility's list: an item of it, still active, and "Other"
 * only with a note saying what is wrong. Each refusal names the field to fix.
 */
export async function checkedRejectionReason(
  trx: Transaction<Database>,
  facilityId: number,
  input: { reasonId: number; note: string },
): Promise<RejectionReason> {
  const item = await trx
    .selectFrom('master_list_items as m')
    .select(['m.id', 'm.value', 'm.is_active', itemCaptionSql('m').as('caption')])
    .where('m.facility_id', '=', facilityId)
    .where('m.list_key', '=', REJECTION_REASONS_LIST)
    .where('m.id', '=', input.reasonId)
    .executeTakeFirst();
  if (!item)
    throw AppError.validation([
      {
        field: 'reasonId',
        message: `Rejection reason: item ${input.reasonId} is not on this facility's "Rejection reasons" list`,
      },
    ]);
  if (!item.is_active)
    throw AppError.validation([
      { field: 'reasonId', message: `Rejection reason: "${item.caption}" is no longer in use; pick another` },
    ]);
  if (rejectionNoteRequired(item.value) && !input.note)
    throw AppError.validation([
      { field: 'note', message: `Note is required when the reason is "${item.caption}": say what must be reworked` },
    ]);
  return { id: item.id, value: item.value, caption: item.caption };
}

/** The permit's "returned" facts: set by a rejection, gone once its requester requests it again. */
type ReturnedColumns = Pick<PermitChange, 'returned_by' | 'returned_at' | 'return_reason_item_id' | 'return_note'>;

export const returnedChange = (by: number, at: Date, reason: RejectionReason, note: string): ReturnedColumns => ({
  returned_by: by,
  returned_at: at,
  return_reason_item_id: reason.id,
  return_note: note,
});

export const returnCleared: ReturnedColumns = {
  returned_by: null,
  returned_at: null,
  return_reason_item_id: null,
  return_note: null,
};

/** The rejection in words, for the audit row's reason, the history and the notice: "Wrong permit type — use HOT". */
export const rejectionWords = (reason: RejectionReason, note: string) =>
  note ? `${reason.caption} — ${note}` : reason.caption;
