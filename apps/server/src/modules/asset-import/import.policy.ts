import { rightNavPermission } from '@hasp/contracts';
import { AppError } from '../../plugins/app-error';
import { policyTable, type CommandTarget, type FacilityTargetState } from '../../platform';
import { lockAssetTree } from '../assets';

/** A stored import file, locked for its commit. Files have no version: their state is their status. */
export interface ImportFileState {
  id: number;
  status: string;
  version: number;
}

/**
 * A stored file of the actor's facility (another facility's is not found), locked for its commit
 * after the facility's asset tree lock — the order every tree change takes them in — so the
 * validation inside the command holds for its write, and a second commit of the same file waits,
 * then finds it committed.
 */
export const importFileTarget: CommandTarget<ImportFileState> = {
  noun: 'Import file',
  async lock(trx, actor, id) {
    await lockAssetTree(trx, actor.facilityId);
    const row = await trx
      .selectFrom('asset_import_files')
      .select(['id', 'status'])
      .where('id', '=', id)
      .where('facility_id', '=', actor.facilityId)
      .forUpdate()
      .executeTakeFirst();
    return row && { id: row.id, status: row.status, version: 0 };
  },
  bump: async () => 0,
};

const screen = [rightNavPermission('import-manage')];

/** Who may upload and commit import files: Import Manage's permission, as the routes' preHandler. */
export const importPolicy = {
  ...policyTable<FacilityTargetState>()({ 'asset-import.upload': { permissions: screen } }),
  ...policyTable<ImportFileState>()({
    'asset-import.commit': {
      permissions: screen,
      refuse: (file) =>
        file.status === 'committed' ? new AppError('CONFLICT', 409, 'This file has already been imported') : null,
    },
  }),
};
