import { sql } from 'kysely';
import { permitPermission } from '@hasp/contracts';
import { AppError } from '../../plugins/app-error';
import { type CommandTarget, policyTable } from '../../platform';

/** The permit type a new permit is created under, as the create command reads it. */
export interface PermitTypeState {
  id: number;
  code: string;
  isActive: boolean;
  maxValidityHours: number;
  /** Permit types carry no version: a creation does not change its type (the ETag is the new permit's 0). */
  version: number;
}

/**
 * A permit type of the actor's facility (another facility's is "not found"), held FOR SHARE while a
 * permit is created under it: an edit of the type (its validity, deactivation) waits for the
 * creation, while creations of one type only queue at the type's number counter.
 */
export const permitTypeTarget: CommandTarget<PermitTypeState> = {
  noun: 'Permit type',
  lock: async (trx, actor, id) =>
    (
      await sql<PermitTypeState>`
        select id, code, is_active as "isActive", max_validity_hours as "maxValidityHours", 0 as version
        from permit_types where id = ${id} and facility_id = ${actor.facilityId} for share`.execute(trx)
    ).rows[0],
  bump: async (_trx, _id, state) => state.version,
};

/**
 * Who may do what to permits, by command: the type's permission (`permit:<action>:<CODE>`), read in
 * the command's transaction. Lifecycle commands join this table with their states and people.
 */
export const permitsPolicy = policyTable<PermitTypeState>()({
  'permit.create': {
    permissions: (_input: unknown, type: PermitTypeState) => [permitPermission('create', type.code)],
    refuse: (type) =>
      type.isActive
        ? null
        : AppError.validation([{ field: 'permitTypeId', message: 'Permit type: this type is no longer in use' }]),
  },
});
