import { rightNavPermission, type RiskMatrix, type RiskMatrixInput } from '@hasp/contracts';
import { defineCommand, type CommandTarget } from '../../platform';
import { ensureMatrixRow, loadMatrix, saveMatrix } from './hazard-analysis.repository';

/** The permission of the risk matrix's settings: they sit on Master List Manage, beside the Hazards and Controls lists. */
export const RISK_MATRIX_PERMISSION = rightNavPermission('masterlist-manage');

interface MatrixState {
  version: number;
  matrix: RiskMatrix;
}

/** The actor's facility's matrix row (the command's target ID is the facility) (created with the default on its first change), locked FOR UPDATE. */
const matrixTarget: CommandTarget<MatrixState> = {
  noun: 'Risk matrix',
  staleMessage: 'Someone changed the risk matrix first. Reload it and try again.',
  async lock(trx, actor) {
    await ensureMatrixRow(trx, actor.facilityId);
    const matrix = await loadMatrix(trx, actor.facilityId, true);
    return { version: matrix.version, matrix };
  },
  // The use case's update moved the version on (its answer carries it); the target's ID is the facility's.
  bump: async (trx, facilityId) => (await loadMatrix(trx, facilityId)).version,
};

const sameMatrix = (a: Omit<RiskMatrix, 'version'>, b: Omit<RiskMatrix, 'version'>) =>
  JSON.stringify([a.severityLabels, a.likelihoodLabels, a.cells]) ===
  JSON.stringify([b.severityLabels, b.likelihoodLabels, b.cells]);

/**
 * Saves the facility's risk matrix (`hazard-analysis.configure-matrix`). Lines already saved keep
 * the rating they were given (what was assessed and perhaps approved); the next edit of a line
 * rates it on the new matrix.
 */
export const configureRiskMatrix = defineCommand<RiskMatrixInput, MatrixState, RiskMatrix>({
  name: 'hazard-analysis.configure-matrix',
  target: matrixTarget,
  policy: { permissions: [RISK_MATRIX_PERMISSION] },
  async apply({ trx, ctx, input, state, ...run }) {
    if (sameMatrix(state.matrix, input)) {
      run.unchanged();
      return state.matrix;
    }
    const version = await saveMatrix(trx, ctx.actor.facilityId, input);
    const { version: _before, ...before } = state.matrix;
    run.audit({
      action: 'hazard-analysis.configure-matrix',
      entityType: 'risk-matrix',
      entityId: ctx.actor.facilityId,
      before,
      after: input,
    });
    run.event({
      name: 'hazard-analysis.configure-matrix',
      entityType: 'facility',
      entityId: ctx.actor.facilityId,
      payload: { facilityId: ctx.actor.facilityId, version },
    });
    return { ...input, version };
  },
});
