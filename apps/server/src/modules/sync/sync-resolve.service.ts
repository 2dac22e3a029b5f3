import { offlineSupervisePermission, type SyncIssue, type SyncResolve } from '@hasp/contracts';
import { actorPermissions, defineCommand, type CommandTarget } from '../../platform';
import { AppError } from '../../plugins/app-error';
import { findIssue } from './sync-issues.repository';

/** A recorded conflict or rejection, locked, with whether the actor supervises the facility's. */
interface IssueState {
  id: number;
  version: number;
  userId: number;
  resolved: boolean;
  supervises: boolean;
}

const issueTarget: CommandTarget<IssueState> = {
  noun: 'Offline change',
  async lock(trx, actor, id) {
    const row = await trx
      .selectFrom('sync_commands')
      .select(['user_id', 'resolved_at', 'version'])
      .where('facility_id', '=', actor.facilityId)
      .where('server_seq', '=', String(id))
      .where('outcome', '<>', 'applied')
      .forUpdate()
      .executeTakeFirst();
    if (!row) return undefined;
    const supervises = (await actorPermissions(trx, actor)).has(offlineSupervisePermission);
    // Someone else's item is not there for a non-supervisor (404, as on the list).
    if (!supervises && row.user_id !== actor.userId) return undefined;
    return { id, version: row.version, userId: row.user_id, resolved: row.resolved_at !== null, supervises };
  },
  async bump(trx, id, state) {
    await trx
      .updateTable('sync_commands')
      .set({ version: state.version + 1 })
      .where('server_seq', '=', String(id))
      .execute();
    return state.version + 1;
  },
};

/**
 * Marks a conflict or rejection dealt with, with a note (its owner, or a supervisor of the
 * facility): the device's item may then leave the outbox. Audited like every command.
 */
export const resolveSyncIssue = defineCommand<SyncResolve, IssueState, SyncIssue>({
  name: 'sync.resolve',
  target: issueTarget,
  policy: {
    permissions: [],
    refuse: (state) =>
      state.resolved ? new AppError('CONFLICT', 409, 'This offline change is already resolved.') : null,
  },
  async apply({ trx, ctx, input, state, ...run }) {
    const { facilityId, userId } = ctx.actor;
    await trx
      .updateTable('sync_commands')
      .set({ resolved_at: ctx.now, resolved_by: userId, resolution: input.resolution })
      .where('server_seq', '=', String(state.id))
      .execute();
    run.audit({
      action: 'sync.resolve',
      entityType: 'sync_command',
      entityId: state.id,
      before: { resolvedAt: null },
      after: { resolvedAt: ctx.now.toISOString(), resolvedBy: userId, resolution: input.resolution },
      reason: input.resolution,
    });
    run.event({ name: 'sync.resolved', entityType: 'sync_command', entityId: state.id });
    // The owner's view and the supervisor's are the same record: read it back as the owner would.
    return (await findIssue(trx, { facilityId, userId: null }, state.id))!;
  },
});
