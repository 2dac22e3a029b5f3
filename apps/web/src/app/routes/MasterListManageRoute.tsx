import { RiskMatrixSettings } from '../../features/hazard-analysis';
import { MasterListManagePage } from '../../features/master-lists';

/**
 * `/masterlist/manage`: the master lists, with the hazard analysis's risk matrix beside the Hazards
 * and Controls lists it rates (one screen for what a facility's hazard analysis picks from).
 */
export function MasterListManageRoute() {
  return (
    <MasterListManagePage>
      <RiskMatrixSettings />
    </MasterListManagePage>
  );
}
